// What views read of an upload collection: frozen copies, so React can tell when something changed.
import type { UploadItem, UploadStatus } from './upload-item';
import type { UploadedMedia, UploadErrorType } from './upload-types';

/** One item as a view reads it. */
export interface UploadView {
  id: string;
  fileName: string;
  status: UploadStatus;
  error: boolean;
  uploading: boolean;
  complete: boolean;
  bytesLoaded: number;
  bytesTotal: number;
  progress: number;
  message: string;
  errorType: UploadErrorType | null;
  retryable: boolean;
  url: string;
  result: UploadedMedia | null;
}

export interface UploadCollectionSnapshot {
  items: readonly UploadView[];
  progress: number;
  anyUploading: boolean;
  /** Some item may still complete: it is uploading or waiting its turn. */
  anyPending: boolean;
  allComplete: boolean;
}

export const viewOf = (item: UploadItem): UploadView => ({
  id: item.id,
  fileName: item.file.name,
  status: item.status,
  error: item.error,
  uploading: item.uploading,
  complete: item.complete,
  bytesLoaded: item.bytesLoaded,
  bytesTotal: item.bytesTotal,
  progress: item.progress,
  message: item.message,
  errorType: item.errorType,
  retryable: item.retryable,
  url: item.url,
  result: item.result,
});

