import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileOf, installFakeXhr } from './fake-xhr';
import { UploadCollection } from './upload-collection';
import { UploadFailure } from './upload-types';

let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  xhr = installFakeXhr();
});
afterEach(() => {
  xhr.restore();
  vi.restoreAllMocks();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const jpg = (name: string, size = 100) => fileOf(name, 'image/jpeg', size);

function collection(options: Partial<ConstructorParameters<typeof UploadCollection>[0]> = {}) {
  const uploads = new UploadCollection({ url: '/svc/media/upload', ...options });
  const events: string[] = [];
  uploads.events.on('complete', (item) => events.push(`complete ${item.file.name}`));
  uploads.events.on('error', (item) => events.push(`error ${item.file.name}`));
  uploads.events.on('allComplete', (items) => events.push(`allComplete ${items.length}`));
  return { uploads, events };
}

describe('an upload collection', () => {
  it('needs an upload endpoint URL', () => {
    expect(() => new UploadCollection({ url: '' })).toThrow('An upload endpoint URL is required');
  });

  it('sends the file in the photo field as an image by default, and uploads as soon as it is added', () => {
    const { uploads } = collection();
    const item = uploads.add(jpg('a.jpg'));
    expect(item.uploading).toBe(true);
    expect(xhr.last().file('photo')?.name).toBe('a.jpg');
    expect(xhr.last().field('type')).toBe('image');
  });

  it('uses the field name and media type it is given', () => {
    const { uploads } = collection({ fieldName: 'audio', mediaType: 'audio' });
    uploads.add(fileOf('s.mp3', 'audio/mpeg'));
    expect(xhr.last().file('audio')?.name).toBe('s.mp3');
    expect(xhr.last().field('type')).toBe('audio');
  });

  it('is not all complete when empty, and its progress is 0', () => {
    const { uploads } = collection();
    expect(uploads.allComplete()).toBe(false);
    expect(uploads.anyUploading()).toBe(false);
    expect(uploads.progress()).toBe(0);
  });

  it('sends one at a time: the second starts only after the first ends', async () => {
    const { uploads, events } = collection();
    const a = uploads.add(jpg('a.jpg'));
    const b = uploads.add(jpg('b.jpg'));
    expect(xhr.requests).toHaveLength(1);
    expect(a.uploading).toBe(true);
    expect(b.status).toBe('validated');
    expect(b.uploading).toBe(false);
    expect(uploads.anyUploading()).toBe(true);

    xhr.requests[0]!.succeed();
    await flush();
    expect(xhr.requests).toHaveLength(2);
    expect(xhr.requests[1]!.file()?.name).toBe('b.jpg');
    expect(b.uploading).toBe(true);
    // After a failure too.
    const c = uploads.add(jpg('c.jpg'));
    expect(xhr.requests).toHaveLength(2);
    xhr.requests[1]!.failNetwork();
    await flush();
    expect(xhr.requests).toHaveLength(3);
    expect(c.uploading).toBe(true);
    expect(events).toEqual(['complete a.jpg', 'error b.jpg']);
  });

  it("raises 'complete' per item and 'allComplete' when all are complete", async () => {
    const { uploads, events } = collection();
    uploads.add(jpg('a.jpg'));
    uploads.add(jpg('b.jpg'));
    xhr.requests[0]!.succeed();
    await flush();
    expect(events).toEqual(['complete a.jpg']);
    expect(uploads.allComplete()).toBe(false);
    xhr.requests[1]!.succeed();
    await flush();
    expect(events).toEqual(['complete a.jpg', 'complete b.jpg', 'allComplete 2']);
    expect(uploads.allComplete()).toBe(true);
  });

  it("raises 'error' once per item whose error becomes true, refused files included", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { uploads, events } = collection({ maxSize: 50, accept: /^image\// });
    const big = uploads.add(jpg('big.jpg', 51));
    const text = uploads.add(fileOf('notes.txt', 'text/plain', 10));
    expect(events).toEqual(['error big.jpg', 'error notes.txt']);
    expect(big.message).toBe('The file is too big. Squish it down, and try again!');
    expect(text.message).toBe('This is not valid image file.');
    expect(warn).toHaveBeenCalledTimes(1);
    // Nothing refused is sent.
    expect(xhr.requests).toHaveLength(0);
  });

  it('tracks overall progress in bytes across the set', async () => {
    const { uploads } = collection();
    uploads.add(jpg('a.jpg', 100));
    uploads.add(jpg('b.jpg', 300));
    expect(uploads.progress()).toBe(0);
    xhr.requests[0]!.progress(50, 100);
    expect(uploads.progress()).toBe(50 / 400);
    xhr.requests[0]!.succeed();
    await flush();
    xhr.requests[1]!.progress(100, 300);
    expect(uploads.progress()).toBe(200 / 400);
    expect(uploads.getSnapshot().items.map((item) => item.progress)).toEqual([1, 1 / 3]);
  });

  it('removes incomplete items (neither uploading nor complete) and failed ones', async () => {
    const { uploads } = collection();
    const a = uploads.add(jpg('a.jpg'));
    const b = uploads.add(jpg('b.jpg'));
    const c = uploads.add(jpg('c.jpg'));
    xhr.requests[0]!.succeed();
    await flush();
    // a complete, b uploading, c waiting its turn.
    expect(uploads.removeIncomplete()).toEqual([c]);
    expect(uploads.items).toEqual([a, b]);
    xhr.requests[1]!.failNetwork();
    await flush();
    expect(uploads.removeFailed()).toEqual([b]);
    expect(uploads.items).toEqual([a]);
  });

  it('resolves its promise at once when all are complete', async () => {
    const { uploads } = collection();
    uploads.add(jpg('a.jpg'));
    xhr.last().succeed();
    await flush();
    await expect(uploads.promise()).resolves.toHaveLength(1);
  });

  it('resolves its promise on allComplete otherwise', async () => {
    const { uploads } = collection();
    uploads.add(jpg('a.jpg'));
    const settled = vi.fn();
    void uploads.promise().then(settled);
    await flush();
    expect(settled).not.toHaveBeenCalled();
    xhr.last().succeed();
    await flush();
    expect(settled).toHaveBeenCalledWith([uploads.items[0]]);
  });

  it('rejects its promise on an error, with the message', async () => {
    const { uploads } = collection();
    uploads.add(jpg('a.jpg'));
    const waiting = uploads.promise();
    xhr.last().respond(500, '');
    await expect(waiting).rejects.toEqual(new UploadFailure('Woops :(', 'upload'));
  });

  it("aborts an item: 'Canceled upload', an error event, and the next one goes", async () => {
    const { uploads, events } = collection();
    const a = uploads.add(jpg('a.jpg'));
    uploads.add(jpg('b.jpg'));
    uploads.abort(a);
    await flush();
    expect(xhr.requests[0]!.aborted).toBe(true);
    expect(a.message).toBe('Canceled upload');
    expect(events).toEqual(['error a.jpg']);
    expect(xhr.requests).toHaveLength(2);
  });

  it('retries a failed item, and removes an uploading one without an error', async () => {
    const { uploads, events } = collection();
    const a = uploads.add(jpg('a.jpg'));
    xhr.last().failNetwork();
    await flush();
    uploads.retry(a);
    expect(a.uploading).toBe(true);
    expect(xhr.requests).toHaveLength(2);
    uploads.remove(a);
    expect(xhr.requests[1]!.aborted).toBe(true);
    expect(uploads.items).toEqual([]);
    expect(events).toEqual(['error a.jpg']);
  });

  it('fails an answer its check refuses (a video the server could not convert)', async () => {
    const { uploads, events } = collection({ checkAnswer: (media) => (media.state === 'failed' ? (media.error ?? 'x') : null) });
    const item = uploads.add(fileOf('v.mp4', 'video/mp4'));
    xhr.last().succeed({ type: 'video', state: 'failed', error: 'This video could not be converted.' });
    await flush();
    expect(item).toMatchObject({ error: true, complete: false, message: 'This video could not be converted.' });
    expect(events).toEqual(['error v.mp4']);
  });

  it('waits for start() when auto upload is off', () => {
    const { uploads } = collection({ autoUpload: false });
    uploads.add(jpg('a.jpg'));
    expect(xhr.requests).toHaveLength(0);
    uploads.start();
    expect(xhr.requests).toHaveLength(1);
  });

  it('gives views a new snapshot on each change and the same one otherwise', () => {
    const { uploads } = collection();
    const before = uploads.getSnapshot();
    expect(uploads.getSnapshot()).toBe(before);
    uploads.add(jpg('a.jpg'));
    const after = uploads.getSnapshot();
    expect(after).not.toBe(before);
    expect(after.items[0]).toMatchObject({ fileName: 'a.jpg', uploading: true, progress: 0 });
    expect(after.anyPending).toBe(true);
  });
});
