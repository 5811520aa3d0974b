import { act } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installLayoutShims, placeSelection, press, renderRich } from '../editors/rich-test-utils';
import type { ComposerAction } from './composer';
import { FormUploads } from './form-uploads';
import { answer, setUpUploads } from './upload-test-utils';

let removeShims: () => void;
beforeAll(() => {
  removeShims = installLayoutShims();
});
afterAll(() => removeShims());

let uploads: ReturnType<typeof setUpUploads>;
beforeEach(() => {
  uploads = setUpUploads();
});
afterEach(() => uploads.tearDown());

function paste(target: HTMLElement, file: File) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', { value: { files: [file], types: ['Files'], items: [], getData: () => '' } });
  act(() => {
    target.dispatchEvent(event);
  });
}

function setUp() {
  const dispatch = vi.fn<(action: ComposerAction) => void>();
  const notify = vi.fn<(message: string) => void>();
  const form = new FormUploads(dispatch);
  form.setNotify(notify);
  const rich = renderRich({ value: '<p>a</p>', onFileAdded: form.addInlineImage });
  act(() => placeSelection(rich.editor, 2));
  return { dispatch, notify, ...rich };
}

const PLACEHOLDER = 'blob:http://localhost/cat.png';
const cat = new File(['x'], 'cat.png', { type: 'image/png' });

describe('images pasted into a body', () => {
  it('show at once, pending, upload as photos, and take the uploaded address when done', async () => {
    const { dom, dispatch, lastHtml } = setUp();
    paste(dom, cat);
    const img = dom.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(PLACEHOLDER);
    expect(img.closest('figure')!.hasAttribute('data-pending')).toBe(true);
    // The body holds the placeholder (what holds the save), never the pending mark.
    expect(lastHtml()).toBe(`<p>a</p><figure><img src="${PLACEHOLDER}"></figure>`);
    const request = uploads.xhr.last();
    expect(request.file('photo')?.name).toBe('cat.png');
    expect(request.field('type')).toBe('image');

    await answer(request, (r) => r.succeed({ url: '/media/cat.png', width: 640, height: 480 }));
    expect(dom.querySelector('figure')!.hasAttribute('data-pending')).toBe(false);
    expect(lastHtml()).toBe('<p>a</p><figure data-orig-width="640" data-orig-height="480"><img src="/media/cat.png" data-orig-width="640" data-orig-height="480"></figure>');
    expect(dispatch).toHaveBeenCalledWith({ type: 'replaceInlineImage', from: PLACEHOLDER, to: '/media/cat.png' });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith(PLACEHOLDER);
  });

  it('keeps the address swap out of the undo history: one undo removes the image', async () => {
    // Far apart in time, so that the history would not group the two changes anyway.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(10_000);
      const { dom, lastHtml } = setUp();
      paste(dom, cat);
      vi.setSystemTime(20_000);
      await answer(uploads.xhr.last(), (r) => r.succeed({ url: '/media/cat.png' }));
      expect(lastHtml()).toContain('/media/cat.png');
      act(() => press(dom, 'z'));
      expect(lastHtml()).toBe('<p>a</p>');
    } finally {
      vi.useRealTimers();
    }
  });

  it('are removed, with the reason, when the upload fails', async () => {
    const { dom, dispatch, notify, lastHtml } = setUp();
    paste(dom, cat);
    await answer(uploads.xhr.last(), (r) => r.failNetwork());
    expect(dom.querySelector('img')).toBeNull();
    expect(lastHtml()).toBe('<p>a</p>');
    expect(notify).toHaveBeenCalledWith('Upload error');
    expect(dispatch).toHaveBeenCalledWith({ type: 'replaceInlineImage', from: PLACEHOLDER, to: null });
  });

  it('are not inserted when the file is refused before sending', () => {
    const { dom, notify } = setUp();
    paste(dom, new File(['x'], 'scan.bmp', { type: 'image/bmp' }));
    expect(dom.querySelector('img')).toBeNull();
    expect(notify).toHaveBeenCalledWith('This is not valid image file.');
    expect(uploads.xhr.requests).toHaveLength(0);
  });
});
