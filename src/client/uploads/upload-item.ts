// One file's upload (spec 1 §3 "Upload item", §4 "Upload item and collection"): added (idle),
// validated, uploading, then complete, error or aborted.
import { createEmitter } from './emitter';
import { mediaTypeOf } from './media-type';
import { fileTypeMessage, UPLOAD_DEFAULT_MEDIA_TYPE, UPLOAD_MESSAGES } from './upload-constants';
import type { UploadHandle, UploadRequest, UploadTransport } from './upload-transport';
import { UploadFailure, type UploadedMedia, type UploadErrorType } from './upload-types';

export type UploadStatus = 'idle' | 'validated' | 'uploading' | 'complete' | 'error' | 'aborted';

/** Spec 1 §5 "Upload": checked before anything is sent. */
export interface UploadRules {
  /** In bytes; larger files fail with type filesize. */
  maxSize?: number;
  /** Tested on the file's media type; a mismatch fails with type filetype. */
  accept?: RegExp;
  /** The kind named in the filetype message ('image', 'audio', 'video'). */
  kind?: string;
}

export interface UploadItemEvents extends Record<string, unknown> {
  /** Any change of state or progress. */
  change: UploadItem;
  progress: UploadItem;
  complete: UploadItem;
  /** The item's error became true. */
  error: UploadItem;
}

let lastId = 0;

export class UploadItem {
  readonly id = `u${++lastId}`;
  readonly file: File;
  /** Where the uploaded file is served, once complete. */
  url = '';
  error = false;
  uploading = false;
  complete = false;
  bytesLoaded = 0;
  bytesTotal = 0;
  status: UploadStatus = 'idle';
  errorType: UploadErrorType | null = null;
  /** What went wrong, in the words a person reads. */
  message = '';
  /** The server's answer for the file. */
  result: UploadedMedia | null = null;
  readonly events = createEmitter<UploadItemEvents>();
  private handle: UploadHandle | null = null;

  constructor(file: File) {
    this.file = file;
  }

  /** bytesLoaded / bytesTotal, 0 while the total is unknown. */
  get progress(): number {
    return this.bytesTotal > 0 ? this.bytesLoaded / this.bytesTotal : 0;
  }

  /** Size first, then type. True when the file may be sent. */
  validate(rules: UploadRules): boolean {
    if (this.status !== 'idle') return !this.error;
    if (rules.maxSize !== undefined && this.file.size > rules.maxSize) {
      // Spec 1 §5: a size-limit hit is logged (how often people hit it tells whether the limit is right).
      console.warn(`Upload refused: "${this.file.name}" is ${this.file.size} bytes, the limit is ${rules.maxSize}.`);
      this.fail(UPLOAD_MESSAGES.fileSize, 'filesize');
      return false;
    }
    if (rules.accept && !rules.accept.test(mediaTypeOf(this.file))) {
      this.fail(fileTypeMessage(rules.kind ?? UPLOAD_DEFAULT_MEDIA_TYPE), 'filetype');
      return false;
    }
    this.status = 'validated';
    this.events.emit('change', this);
    return true;
  }

  /** Sends the file; the promise settles (never rejects) when the upload ends, however it ends. */
  start(transport: UploadTransport, request: Omit<UploadRequest, 'file'>): Promise<void> {
    if (this.status !== 'validated') return Promise.resolve();
    this.status = 'uploading';
    this.uploading = true;
    this.events.emit('change', this);
    const handle = transport({ ...request, file: this.file }, (loaded, total) => {
      if (this.handle !== handle) return;
      this.bytesLoaded = loaded;
      this.bytesTotal = total;
      this.events.emit('progress', this);
      this.events.emit('change', this);
    });
    this.handle = handle;
    // An answer for an upload already aborted (or retried) is not this upload's any more.
    return handle.promise.then(
      (result) => {
        if (this.handle === handle) this.done(result as UploadedMedia);
      },
      (error: unknown) => {
        if (this.handle !== handle) return;
        if (error instanceof UploadFailure) this.fail(error.message, error.type);
        else this.fail(UPLOAD_MESSAGES.network, 'upload');
      },
    );
  }

  /** Cancels the request (or the wait for one): the item fails with 'Canceled upload'. */
  abort(): void {
    if (this.status === 'complete' || this.error) return;
    const handle = this.handle;
    this.fail(UPLOAD_MESSAGES.canceled, 'abort');
    handle?.abort();
  }

  /** Back to validated after a failed or aborted send, to be sent again. False if it cannot be. */
  reset(): boolean {
    if (!this.retryable) return false;
    this.error = false;
    this.errorType = null;
    this.message = '';
    this.bytesLoaded = 0;
    this.bytesTotal = 0;
    this.status = 'validated';
    this.events.emit('change', this);
    return true;
  }

  /** Whether another try can help: the send failed, not the file (refusals, here or by the server, stand). */
  get retryable(): boolean {
    return this.error && (this.errorType === 'upload' || this.errorType === 'abort');
  }

  private done(result: UploadedMedia) {
    this.handle = null;
    this.result = result;
    this.url = typeof result?.url === 'string' ? result.url : '';
    if (this.bytesTotal > 0) this.bytesLoaded = this.bytesTotal;
    this.error = false;
    this.uploading = false;
    this.complete = true;
    this.status = 'complete';
    this.events.emit('change', this);
    this.events.emit('complete', this);
  }

  /** Only ever called while error is false (abort and a late answer check), so 'error' fires once. */
  private fail(message: string, type: UploadErrorType) {
    this.handle = null;
    this.error = true;
    this.uploading = false;
    this.complete = false;
    this.status = type === 'abort' ? 'aborted' : 'error';
    this.errorType = type;
    this.message = message;
    this.events.emit('change', this);
    this.events.emit('error', this);
  }
}
