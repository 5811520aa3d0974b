// A set of uploads (spec 1 §3 "upload collection", §4): files are validated as they are added and
// sent one at a time (spec §9 concurrency 1, auto upload). Events: 'complete' per completed item,
// 'error' per item whose error becomes true, 'allComplete' when all are complete; 'change' for views.
import { createEmitter } from './emitter';
import { UploadItem } from './upload-item';
import { UPLOAD_AUTO, UPLOAD_CONCURRENCY, UPLOAD_DEFAULT_FIELD, UPLOAD_DEFAULT_MEDIA_TYPE } from './upload-constants';
import { withAnswerCheck, xhrTransport, type UploadTransport } from './upload-transport';
import { UploadFailure, type UploadedMedia } from './upload-types';
import { viewOf, type UploadCollectionSnapshot } from './upload-view';

export interface UploadCollectionOptions {
  /** The upload endpoint: required (spec 1 §5). */
  url: string;
  /** The multipart field of the file; 'photo' by default. */
  fieldName?: string;
  /** Sent as the `type` field and named in the filetype message; 'image' by default. */
  mediaType?: string;
  maxSize?: number;
  accept?: RegExp;
  concurrency?: number;
  /** Send each file as soon as it is added (default), or wait for start(). */
  autoUpload?: boolean;
  transport?: UploadTransport;
  /** A message when an answer, though a success, means the file cannot be used (a failed video). */
  checkAnswer?: (media: UploadedMedia) => string | null;
}

export interface UploadCollectionEvents extends Record<string, unknown> {
  complete: UploadItem;
  error: UploadItem;
  allComplete: UploadItem[];
  change: UploadCollection;
}

export class UploadCollection {
  readonly events = createEmitter<UploadCollectionEvents>();
  private list: UploadItem[] = [];
  private queue: UploadItem[] = [];
  private running = new Set<UploadItem>();
  private detach = new Map<UploadItem, () => void>();
  private wasAllComplete = false;
  private cached: UploadCollectionSnapshot | null = null;
  private readonly options: Required<Omit<UploadCollectionOptions, 'maxSize' | 'accept' | 'checkAnswer'>> &
    Pick<UploadCollectionOptions, 'maxSize' | 'accept'>;

  constructor(options: UploadCollectionOptions) {
    if (!options.url) throw new Error('An upload endpoint URL is required');
    this.options = {
      fieldName: UPLOAD_DEFAULT_FIELD,
      mediaType: UPLOAD_DEFAULT_MEDIA_TYPE,
      concurrency: UPLOAD_CONCURRENCY,
      autoUpload: UPLOAD_AUTO,
      transport: xhrTransport,
      ...options,
    };
    const { checkAnswer } = options;
    if (checkAnswer) this.options.transport = withAnswerCheck(this.options.transport, checkAnswer);
  }

  get items(): readonly UploadItem[] {
    return this.list;
  }

  get(id: string): UploadItem | undefined {
    return this.list.find((item) => item.id === id);
  }

  /** Adds a file: validated at once (a refused file is an item in error), then queued to send. */
  add(file: File): UploadItem {
    const item = new UploadItem(file);
    this.list.push(item);
    const offs = [
      item.events.on('change', () => this.changed()),
      item.events.on('complete', () => this.onComplete(item)),
      item.events.on('error', () => this.onError(item)),
    ];
    this.detach.set(item, () => offs.forEach((off) => off()));
    this.checkAllComplete();
    this.changed();
    const { maxSize, accept, mediaType } = this.options;
    if (item.validate({ maxSize, accept, kind: mediaType })) {
      this.queue.push(item);
      if (this.options.autoUpload) this.pump();
    }
    return item;
  }

  /** Sends what waits (needed only with autoUpload off). */
  start(): void {
    this.pump();
  }

  /** Sends a failed or aborted item again. */
  retry(item: UploadItem): void {
    if (!this.list.includes(item) || !item.reset()) return;
    this.queue.push(item);
    this.checkAllComplete();
    this.pump();
  }

  abort(item: UploadItem): void {
    item.abort();
  }

  /** Takes an item out, cancelling its request quietly (a removal is not an error). */
  remove(item: UploadItem): void {
    if (!this.list.includes(item)) return;
    this.detach.get(item)?.();
    this.detach.delete(item);
    this.list = this.list.filter((other) => other !== item);
    this.queue = this.queue.filter((other) => other !== item);
    item.abort();
    this.running.delete(item);
    this.checkAllComplete();
    this.changed();
    this.pump();
  }

  allComplete(): boolean {
    return this.list.length > 0 && this.list.every((item) => item.complete);
  }

  anyUploading(): boolean {
    return this.list.some((item) => item.uploading);
  }

  anyPending(): boolean {
    return this.list.some((item) => item.uploading || item.status === 'validated' || item.status === 'idle');
  }

  /** Bytes sent over bytes to send, across the set; a file not started counts with its size. */
  progress(): number {
    let loaded = 0;
    let total = 0;
    for (const item of this.list) {
      if (item.error) continue;
      const size = item.bytesTotal || item.file.size;
      total += size;
      loaded += item.complete ? size : item.bytesLoaded;
    }
    return total > 0 ? loaded / total : 0;
  }

  /** Removes the items neither uploading nor complete. */
  removeIncomplete(): UploadItem[] {
    return this.removeWhere((item) => !item.uploading && !item.complete);
  }

  removeFailed(): UploadItem[] {
    return this.removeWhere((item) => item.error);
  }

  /** Resolves at once when all are complete, else on allComplete; rejects on the next error. */
  promise(): Promise<UploadItem[]> {
    if (this.allComplete()) return Promise.resolve([...this.list]);
    return new Promise((resolve, reject) => {
      const stop = () => {
        offDone();
        offError();
      };
      const offDone = this.events.on('allComplete', (items) => {
        stop();
        resolve(items);
      });
      const offError = this.events.on('error', (item) => {
        stop();
        reject(new UploadFailure(item.message, item.errorType ?? 'upload'));
      });
    });
  }

  /** Cancels everything quietly and forgets the items (the form closed). */
  dispose(): void {
    for (const item of [...this.list]) this.remove(item);
  }

  // For useSyncExternalStore: arrow functions, so they can be passed as they are.
  subscribe = (listener: () => void): (() => void) => this.events.on('change', listener);

  getSnapshot = (): UploadCollectionSnapshot => {
    this.cached ??= {
      items: this.list.map(viewOf),
      progress: this.progress(),
      anyUploading: this.anyUploading(),
      anyPending: this.anyPending(),
      allComplete: this.allComplete(),
    };
    return this.cached;
  };

  private removeWhere(test: (item: UploadItem) => boolean): UploadItem[] {
    const removed = this.list.filter(test);
    removed.forEach((item) => this.remove(item));
    return removed;
  }

  private pump() {
    while (this.running.size < this.options.concurrency && this.queue.length > 0) {
      const item = this.queue.shift()!;
      if (item.status !== 'validated') continue;
      this.running.add(item);
      const { url, fieldName, mediaType, transport } = this.options;
      void item.start(transport, { url, fieldName, data: { type: mediaType } });
    }
  }

  private onComplete(item: UploadItem) {
    this.running.delete(item);
    this.events.emit('complete', item);
    this.checkAllComplete();
    this.pump();
  }

  private onError(item: UploadItem) {
    this.running.delete(item);
    this.queue = this.queue.filter((other) => other !== item);
    this.events.emit('error', item);
    this.wasAllComplete = false;
    this.pump();
  }

  /** 'allComplete' once each time the set becomes all complete. */
  private checkAllComplete() {
    const all = this.allComplete();
    if (all && !this.wasAllComplete) {
      this.wasAllComplete = true;
      this.events.emit('allComplete', [...this.list]);
    }
    this.wasAllComplete = all;
  }

  private changed() {
    this.cached = null;
    this.events.emit('change', this);
  }
}
