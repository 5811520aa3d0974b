// A stand-in for XMLHttpRequest that tests drive by hand: progress, answers, network failure
// (imported by *.test.ts(x) files only).
import type { UploadedMedia } from './upload-types';

type Handler = (() => void) | null;

export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;
  ontimeout: Handler = null;

  constructor(log: FakeXhr[]) {
    log.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The file sent in a multipart field. */
  file(field = 'photo'): File | null {
    const value = this.body?.get(field);
    return value instanceof File ? value : null;
  }

  field(name: string): string | null {
    const value = this.body?.get(name);
    return typeof value === 'string' ? value : null;
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }

  /** Answers 200 with one media item. */
  succeed(media: Partial<UploadedMedia> = {}) {
    this.respond(200, mediaEnvelope(media));
  }

  failNetwork() {
    this.onerror?.();
  }
}

export function mediaEnvelope(media: Partial<UploadedMedia> = {}) {
  return {
    meta: { status: 200, msg: 'OK' },
    response: [{ media_id: 'm1', type: 'image', url: '/media/ab/cd/abcd.jpg', width: 640, height: 480, sizes: [], mime: 'image/jpeg', bytes: 3, ...media }],
  };
}

/** Replaces XMLHttpRequest; `requests` lists each one made, oldest first. */
export function installFakeXhr() {
  const requests: FakeXhr[] = [];
  const saved = globalThis.XMLHttpRequest;
  globalThis.XMLHttpRequest = function FakeXMLHttpRequest() {
    return new FakeXhr(requests);
  } as unknown as typeof XMLHttpRequest;
  return {
    requests,
    /** The newest request. */
    last: () => {
      const request = requests.at(-1);
      if (!request) throw new Error('no upload request was made');
      return request;
    },
    restore: () => {
      globalThis.XMLHttpRequest = saved;
    },
  };
}

export const fileOf = (name: string, type: string, size = 3) => new File([new Uint8Array(size)], name, { type });
