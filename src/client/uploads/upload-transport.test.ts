import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileOf, installFakeXhr } from './fake-xhr';
import { readUploadAnswer, xhrTransport } from './upload-transport';
import { UploadFailure } from './upload-types';

const failure = (status: number, body: unknown) => {
  try {
    readUploadAnswer(status, typeof body === 'string' ? body : JSON.stringify(body));
  } catch (error) {
    expect(error).toBeInstanceOf(UploadFailure);
    return (error as UploadFailure).message;
  }
  throw new Error('the answer was read as a success');
};

describe('reading an upload answer', () => {
  it('uses the first item of the response on 200', () => {
    const answer = readUploadAnswer(200, JSON.stringify({ meta: { status: 200, msg: 'OK' }, response: [{ url: '/media/a.jpg' }, { url: '/media/b.jpg' }] }));
    expect(answer).toEqual({ url: '/media/a.jpg' });
  });

  it('fails with the server message first', () => {
    expect(failure(413, { meta: { status: 413, msg: 'The file is too big. Squish it down, and try again!' }, response: [], errors: [{ code: 1, title: 'x' }] }))
      .toBe('The file is too big. Squish it down, and try again!');
    expect(failure(400, { meta: { status: 400 }, response: 'No file.' })).toBe('No file.');
  });

  it('then with the error list', () => {
    expect(failure(400, { meta: { status: 400 }, response: [], errors: [{ code: 1, title: 'Bad file.' }, { code: 2, title: 'Try another.' }] }))
      .toBe('Bad file. Try another.');
  });

  it('says whether another try can help: a refusal of the file stands, a failed send may pass', () => {
    const typeOf = (status: number) => {
      try {
        readUploadAnswer(status, JSON.stringify({ meta: { status }, response: [] }));
      } catch (error) {
        return (error as UploadFailure).type;
      }
    };
    expect([413, 415, 400, 403, 404].map(typeOf)).toEqual(['filesize', 'filetype', 'refused', 'refused', 'refused']);
    expect([408, 429, 500, 502, 503].map(typeOf)).toEqual(['upload', 'upload', 'upload', 'upload', 'upload']);
  });

  it("then 'Woops :(' (an empty answer, or one that is not JSON)", () => {
    expect(failure(500, '')).toBe('Woops :(');
    expect(failure(502, '<html>Bad gateway</html>')).toBe('Woops :(');
    // A 200 with nothing in it fails too, and its 'OK' is not shown as the reason.
    expect(failure(200, { meta: { status: 200, msg: 'OK' }, response: [] })).toBe('Woops :(');
    expect(failure(200, { meta: { status: 200, msg: 'OK' }, response: {} })).toBe('Woops :(');
  });

  it('reads meta.status: a 200 carrying a failure status fails', () => {
    expect(failure(200, { meta: { status: 400, msg: 'Nope.' }, response: [{ url: '/media/a.jpg' }] })).toBe('Nope.');
  });
});

describe('the XMLHttpRequest transport', () => {
  let xhr: ReturnType<typeof installFakeXhr>;
  beforeEach(() => {
    xhr = installFakeXhr();
  });
  afterEach(() => xhr.restore());

  const send = (onProgress = vi.fn()) => ({
    onProgress,
    handle: xhrTransport({ url: '/svc/media/upload', file: fileOf('a.jpg', 'image/jpeg', 10), fieldName: 'photo', data: { type: 'image' } }, onProgress),
  });

  it('posts multipart data and reports upload progress, with the file size when the total is unknown', async () => {
    const { handle, onProgress } = send();
    const request = xhr.last();
    expect(request.method).toBe('POST');
    expect(request.headers.accept).toBe('application/json');
    request.upload.onprogress?.({ loaded: 4, total: 0, lengthComputable: false });
    expect(onProgress).toHaveBeenCalledWith(4, 10);
    request.succeed({ url: '/media/a.jpg' });
    await expect(handle.promise).resolves.toMatchObject({ url: '/media/a.jpg' });
  });

  it("rejects with 'Canceled upload' when the request is aborted, whoever aborts it", async () => {
    const { handle } = send();
    handle.abort();
    await expect(handle.promise).rejects.toEqual(new UploadFailure('Canceled upload', 'abort'));
    expect(xhr.last().aborted).toBe(true);
  });

  it("rejects with 'Upload error' on a network failure", async () => {
    const { handle } = send();
    xhr.last().failNetwork();
    await expect(handle.promise).rejects.toEqual(new UploadFailure('Upload error', 'upload'));
  });
});
