// What POST /svc/media/upload answers for one file (the first item of the envelope's response).
import type { MediaKind } from './upload-constants';

export interface UploadedSize {
  width: number;
  height: number;
  url: string;
}

export interface UploadedMedia {
  media_id: string;
  type: MediaKind;
  /** Where the site serves it (a /media/... path): what the save payload sends. */
  url: string;
  width?: number | null;
  height?: number | null;
  sizes?: UploadedSize[];
  mime?: string;
  bytes?: number;
  /** Audio: read from the file's ID3 tags. */
  track_title?: string | null;
  track_artist?: string | null;
  track_album?: string | null;
  album_art_url?: string | null;
  duration?: number | null;
  /** Video: the conversion job, while the server still works on the file. */
  job_id?: string | null;
  /** 'processing', 'ready' or 'failed' (then `error` says why). */
  state?: string | null;
  error?: string | null;
}

/**
 * Why an upload ended without a result: the file is too big or not of the kind (here or by the
 * server), the server refused it for another reason (a 4xx: sending it again cannot help), or the
 * send failed (network, 5xx, a timeout: another try may) or was cancelled.
 */
export type UploadErrorType = 'filesize' | 'filetype' | 'refused' | 'upload' | 'abort';

/** A failed upload, carrying the message a person reads and its kind. */
export class UploadFailure extends Error {
  constructor(
    message: string,
    readonly type: UploadErrorType,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}
