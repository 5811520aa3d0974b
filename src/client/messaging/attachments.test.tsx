import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GifItem } from '../../shared/search/gif';
import {
  canDropFile,
  fitPreview,
  gifSelection,
  gifUrlAt250,
  inboxFileError,
  lastFile,
  PREVIEW_OUT_MS,
  TEXT_FILE_IS_OFF,
  TEXT_INVALID_FILE_TYPE,
  windowFileError,
  type PreviewImage,
} from './attachments';
import { PreviewStrip } from './PreviewStrip';

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('what a conversation window accepts (spec 2 §5)', () => {
  it('takes jpg, jpeg, png and gif only, by name and type', () => {
    expect(windowFileError(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(windowFileError(file('a.JPEG', 'image/jpeg'))).toBeNull();
    expect(windowFileError(file('a.png', 'image/png'))).toBeNull();
    expect(windowFileError(file('a.gif', 'image/gif'))).toBeNull();
    expect(windowFileError(file('a.webp', 'image/webp'))).toBe(TEXT_INVALID_FILE_TYPE);
    expect(windowFileError(file('a.png', 'text/html'))).toBe(TEXT_INVALID_FILE_TYPE);
    expect(windowFileError(file('notes.txt', 'text/plain'))).toBe('Invalid file type.');
  });

  it('refuses an image over the limit with the floored megabytes, and an empty file', () => {
    expect(windowFileError(file('a.png', 'image/png', 10_485_761))).toBe('Image must be smaller than 10MB');
    expect(windowFileError(file('a.png', 'image/png', 2_000_000), 1_600_000)).toBe('Image must be smaller than 1MB');
    expect(windowFileError(file('a.png', 'image/png', 10_485_760))).toBeNull();
    expect(windowFileError(file('a.png', 'image/png', 0))).toBe(TEXT_FILE_IS_OFF);
  });

  it('the inbox takes any image/*', () => {
    expect(inboxFileError(file('a.webp', 'image/webp'))).toBeNull();
    expect(inboxFileError(file('a.pdf', 'application/pdf'))).toBe(TEXT_INVALID_FILE_TYPE);
  });

  it('takes a drop only with no preview, canSend and no error; the last file wins', () => {
    expect(canDropFile({ hasPreview: false, canSend: true, hasError: false })).toBe(true);
    expect(canDropFile({ hasPreview: true, canSend: true, hasError: false })).toBe(false);
    expect(canDropFile({ hasPreview: false, canSend: false, hasError: false })).toBe(false);
    expect(canDropFile({ hasPreview: false, canSend: true, hasError: true })).toBe(false);
    const files = [file('1.png', 'image/png'), file('2.png', 'image/png')];
    expect(lastFile(files)?.name).toBe('2.png');
    expect(lastFile([])).toBeNull();
  });

  it('fits the preview into 210 × 150 without enlarging', () => {
    expect(fitPreview(420, 150)).toEqual({ width: 210, height: 75 });
    expect(fitPreview(100, 600)).toEqual({ width: 25, height: 150 });
    expect(fitPreview(80, 60)).toEqual({ width: 80, height: 60 });
  });

  it('adds a GIF only with its post and blog, at width 250', () => {
    const item = {
      mediaUrl: '/media/x/abc_400.gif',
      postUrl: '/p/1',
      rootPostUrl: '/p/1',
      rootBlogKey: 'uuid-blog',
      postId: '12',
      width: 400,
      height: 200,
    } as GifItem;
    expect(gifSelection(item)).toEqual({ postId: '12', postBlogUuid: 'uuid-blog', mediaUrl: '/media/x/abc_250.gif', width: 250, height: 125 });
    expect(gifSelection({ ...item, postId: '' })).toBeNull();
    expect(gifSelection({ ...item, rootBlogKey: '' })).toBeNull();
    expect(gifUrlAt250('/m/a_1280.gif?x=1')).toBe('/m/a_250.gif?x=1');
    expect(gifUrlAt250('/media/ab/cd/abcd-640.gif')).toBe('/media/ab/cd/abcd-250.gif');
    expect(gifSelection({ ...item, width: 200, height: 100 })?.mediaUrl).toBe('/media/x/abc_400.gif');
  });
});

describe('PreviewStrip (spec 2 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const image: PreviewImage = { url: 'blob:x', width: 420, height: 300, context: 'messaging-image-upload' };

  it('shows only with an image, fitted to 210 × 150, and slides away over 200 ms when removed', () => {
    const onRemove = vi.fn();
    const view = render(<PreviewStrip image={null} onRemove={onRemove} onAlt={vi.fn()} />);
    expect(screen.queryByTestId('preview-strip')).toBeNull();
    view.rerender(<PreviewStrip image={image} onRemove={onRemove} onAlt={vi.fn()} />);
    const img = screen.getByAltText('Image to send');
    expect(img.getAttribute('width')).toBe('210');
    expect(img.getAttribute('height')).toBe('150');
    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(onRemove).toHaveBeenCalledOnce();
    // Issue 24.4: the image's alt text is typed under it, and becomes its alt.
    const onAlt = vi.fn();
    view.rerender(<PreviewStrip image={{ ...image, alt: 'A red kite' }} onRemove={onRemove} onAlt={onAlt} />);
    expect(screen.getByAltText('A red kite')).not.toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Alt text for the image' }), { target: { value: 'A red kite over hills' } });
    expect(onAlt).toHaveBeenCalledWith('A red kite over hills');
    view.rerender(<PreviewStrip image={null} onRemove={onRemove} onAlt={vi.fn()} />);
    expect(screen.getByTestId('preview-strip').dataset.leaving).toBe('true');
    act(() => vi.advanceTimersByTime(PREVIEW_OUT_MS - 1));
    expect(screen.queryByTestId('preview-strip')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('preview-strip')).toBeNull();
  });
});
