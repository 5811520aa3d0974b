import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFormKey } from '../api/client';
import { fileOf, installFakeXhr } from './fake-xhr';
import { UploadItem } from './upload-item';
import { xhrTransport } from './upload-transport';

let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  xhr = installFakeXhr();
});
afterEach(() => {
  xhr.restore();
  setFormKey(null);
  vi.restoreAllMocks();
});

const request = { url: '/svc/media/upload', fieldName: 'photo', data: { type: 'image' } };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function validated(file = fileOf('a.jpg', 'image/jpeg')) {
  const item = new UploadItem(file);
  expect(item.validate({})).toBe(true);
  return item;
}

describe('an upload item', () => {
  it('starts idle, with nothing loaded and progress 0 while the total is 0', () => {
    const item = new UploadItem(fileOf('a.jpg', 'image/jpeg'));
    expect(item).toMatchObject({ status: 'idle', error: false, uploading: false, complete: false, bytesLoaded: 0, bytesTotal: 0 });
    expect(item.progress).toBe(0);
  });

  it('goes validated, uploading, then complete: error false, uploading false, complete true', async () => {
    setFormKey('fk-1');
    const item = validated();
    const events: string[] = [];
    item.events.on('complete', () => events.push('complete'));
    item.events.on('error', () => events.push('error'));
    expect(item.status).toBe('validated');
    const ended = item.start(xhrTransport, request);
    expect(item).toMatchObject({ status: 'uploading', uploading: true, complete: false, error: false });
    const sent = xhr.last();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/svc/media/upload');
    expect(sent.headers['x-form-key']).toBe('fk-1');
    expect(sent.file('photo')?.name).toBe('a.jpg');
    expect(sent.field('type')).toBe('image');

    sent.progress(25, 100);
    expect(item.bytesLoaded).toBe(25);
    expect(item.bytesTotal).toBe(100);
    expect(item.progress).toBe(0.25);

    sent.succeed({ url: '/media/x.jpg' });
    await ended;
    expect(item).toMatchObject({ status: 'complete', error: false, uploading: false, complete: true, url: '/media/x.jpg' });
    expect(item.result?.width).toBe(640);
    expect(events).toEqual(['complete']);
  });

  it('fails: error true, uploading false, complete false, with the server message', async () => {
    const item = validated();
    const onError = vi.fn();
    item.events.on('error', onError);
    const ended = item.start(xhrTransport, request);
    xhr.last().respond(413, { meta: { status: 413, msg: 'The file is too big. Squish it down, and try again!' }, response: [] });
    await ended;
    // The server refused the file: sending it again cannot help, so it offers no retry.
    expect(item).toMatchObject({ status: 'error', error: true, uploading: false, complete: false, errorType: 'filesize', retryable: false });
    expect(item.message).toBe('The file is too big. Squish it down, and try again!');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(item.reset()).toBe(false);
  });

  it("says 'Upload error' when the network fails", async () => {
    const item = validated();
    const ended = item.start(xhrTransport, request);
    xhr.last().failNetwork();
    await ended;
    expect(item.message).toBe('Upload error');
    expect(item.error).toBe(true);
  });

  it("aborts: the request is cancelled and the item reads 'Canceled upload'", async () => {
    const item = validated();
    const onError = vi.fn();
    item.events.on('error', onError);
    const ended = item.start(xhrTransport, request);
    item.abort();
    await ended;
    expect(xhr.last().aborted).toBe(true);
    expect(item).toMatchObject({ status: 'aborted', error: true, uploading: false, complete: false, message: 'Canceled upload', errorType: 'abort' });
    // The error became true once: one event, even though the request also reports its abort.
    expect(onError).toHaveBeenCalledTimes(1);
    // A late answer for the cancelled request changes nothing.
    xhr.last().succeed();
    await flush();
    expect(item.complete).toBe(false);
  });

  it('refuses a file over the maximum size with type filesize, and logs it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const item = new UploadItem(fileOf('big.jpg', 'image/jpeg', 11));
    const onError = vi.fn();
    item.events.on('error', onError);
    expect(item.validate({ maxSize: 10 })).toBe(false);
    expect(item).toMatchObject({ status: 'error', error: true, errorType: 'filesize', message: 'The file is too big. Squish it down, and try again!' });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(new UploadItem(fileOf('ok.jpg', 'image/jpeg', 10)).validate({ maxSize: 10 })).toBe(true);
  });

  it('refuses a file whose type does not match with type filetype, naming the kind', () => {
    const item = new UploadItem(fileOf('notes.txt', 'text/plain'));
    expect(item.validate({ accept: /^audio\//, kind: 'audio' })).toBe(false);
    expect(item).toMatchObject({ errorType: 'filetype', message: 'This is not valid audio file.' });
    // The kind defaults to image (spec 1 §9 default media type).
    const image = new UploadItem(fileOf('x.txt', 'text/plain'));
    expect(image.validate({ accept: /^image\// })).toBe(false);
    expect(image.message).toBe('This is not valid image file.');
    // No type from the system: judged by its name.
    expect(new UploadItem(fileOf('song.flac', '')).validate({ accept: /^audio\/flac$/ })).toBe(true);
  });

  it('can be retried after a failed send, not after a refused file', async () => {
    const item = validated();
    const first = item.start(xhrTransport, request);
    xhr.last().failNetwork();
    await first;
    expect(item.retryable).toBe(true);
    expect(item.reset()).toBe(true);
    expect(item).toMatchObject({ status: 'validated', error: false, message: '' });
    const second = item.start(xhrTransport, request);
    xhr.last().succeed();
    await second;
    expect(item.complete).toBe(true);

    const refused = new UploadItem(fileOf('x.txt', 'text/plain'));
    refused.validate({ accept: /^image\// });
    expect(refused.reset()).toBe(false);
  });
});
