// The post form's uploads: one collection per use (photos, the audio file, the video file, images
// pasted into a body), living as long as the form, so an upload goes on while the person looks
// at another type tab. Completions and failures are dispatched to the composer, which is what
// validate and the save payload read.
import type { Dispatch } from 'react';
import { settlePendingImage } from '../editors/pending-images';
import { UploadCollection } from '../uploads/upload-collection';
import { ACCEPT_PATTERN, MAX_UPLOAD_BYTES, UPLOAD_ENDPOINT, type MediaKind } from '../uploads/upload-constants';
import type { UploadItem } from '../uploads/upload-item';
import type { UploadedMedia } from '../uploads/upload-types';
import type { ComposerAction } from './composer';

/** Not a spec text: the server accepted the file but could not convert it. */
export const VIDEO_CONVERSION_FAILED = 'This video could not be converted. Try another file.';

export type FileUploadKind = 'photos' | 'audio' | 'video';

const collectionFor = (kind: MediaKind, options: { checkAnswer?: (media: UploadedMedia) => string | null } = {}) =>
  new UploadCollection({
    url: UPLOAD_ENDPOINT,
    // The server reads the file from a field named after its kind ('photo' is the spec's default).
    fieldName: kind === 'image' ? 'photo' : kind,
    mediaType: kind,
    maxSize: MAX_UPLOAD_BYTES[kind],
    accept: ACCEPT_PATTERN[kind],
    ...options,
  });

/** A file shown from memory; jsdom (tests) has no object URLs. */
const objectUrl = (file: File) => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '');

export interface AddedUpload {
  uploadId: string;
  preview: string;
  /** Refused before sending (too big, not an image). */
  failed: boolean;
}

export class FormUploads {
  readonly photos = collectionFor('image');
  readonly audio = collectionFor('audio');
  readonly video = collectionFor('video', {
    checkAnswer: (media) => (media.state === 'failed' ? media.error || VIDEO_CONVERSION_FAILED : null),
  });
  readonly inline = collectionFor('image');
  /** Object URLs by upload id, revoked once the uploaded file can be shown instead. */
  private previews = new Map<string, string>();

  /** Shows a message on the form (an inline image that could not be added). */
  private notify: (message: string) => void = () => undefined;

  constructor(private readonly dispatch: Dispatch<ComposerAction>) {
    for (const kind of ['photos', 'audio', 'video'] as const) {
      this[kind].events.on('complete', (item) => {
        if (item.result) dispatch({ type: 'uploadDone', uploadId: item.id, media: item.result });
        this.release(item.id);
      });
      this[kind].events.on('error', (item) => dispatch({ type: 'uploadFailed', uploadId: item.id, retryable: item.retryable }));
    }
    this.inline.events.on('complete', (item) => this.inlineSettled(item));
    this.inline.events.on('error', (item) => this.inlineSettled(item));
  }

  /** Where messages go: the form's latest alert setter. */
  setNotify(notify: (message: string) => void): void {
    this.notify = notify;
  }

  /** Starts uploading photos; the caller adds them to the draft in this order. */
  addPhotos(files: File[]): AddedUpload[] {
    return files.map((file) => {
      const item = this.photos.add(file);
      const preview = item.error ? '' : objectUrl(file);
      if (preview) this.previews.set(item.id, preview);
      return { uploadId: item.id, preview, failed: item.error };
    });
  }

  /** Starts uploading the one audio or video file, replacing any other. */
  addFile(kind: 'audio' | 'video', file: File): AddedUpload {
    const collection = this[kind];
    collection.dispose();
    const item = collection.add(file);
    return { uploadId: item.id, preview: '', failed: item.error };
  }

  retry(kind: FileUploadKind, uploadId: string): void {
    const item = this[kind].get(uploadId);
    if (!item?.retryable) return;
    this.dispatch({ type: 'uploadRetried', uploadId });
    this[kind].retry(item);
  }

  /** Forgets an upload, cancelling it if it still runs. */
  remove(kind: FileUploadKind, uploadId: string): void {
    const item = this[kind].get(uploadId);
    if (item) this[kind].remove(item);
    this.release(uploadId);
  }

  /**
   * An image pasted or dropped into a body editor: starts its upload and answers the
   * placeholder to show meanwhile, or null when the file is refused (the form says why).
   */
  addInlineImage = (file: File): string | null => {
    const item = this.inline.add(file);
    if (item.error) return null;
    const preview = objectUrl(file);
    if (!preview) return null;
    this.previews.set(item.id, preview);
    return preview;
  };

  /** The form closed: nothing more to send or show. */
  dispose(): void {
    for (const collection of [this.photos, this.audio, this.video, this.inline]) collection.dispose();
    for (const id of [...this.previews.keys()]) this.release(id);
  }

  private inlineSettled(item: UploadItem) {
    const placeholder = this.previews.get(item.id);
    if (placeholder) {
      const to = item.complete ? item.url : null;
      settlePendingImage(placeholder, to ? { src: to, width: item.result?.width, height: item.result?.height } : null);
      this.dispatch({ type: 'replaceInlineImage', from: placeholder, to });
    }
    if (item.error) this.notify(item.message);
    this.release(item.id);
    this.inline.remove(item);
  }

  private release(uploadId: string) {
    const preview = this.previews.get(uploadId);
    if (!preview) return;
    this.previews.delete(uploadId);
    URL.revokeObjectURL?.(preview);
  }
}
