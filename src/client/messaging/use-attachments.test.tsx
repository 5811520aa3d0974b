import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GifItem } from '../../shared/search/gif';
import { useAttachments } from './use-attachments';

const gif = { mediaUrl: '/m/g_400.gif', postUrl: '/p/1', rootPostUrl: '/p/1', rootBlogKey: 'uuid-b', postId: '9', width: 400, height: 400 } as GifItem;

function setup(overrides: Partial<Parameters<typeof useAttachments>[0]> = {}) {
  const send = vi.fn();
  const hook = renderHook(() => useAttachments({ windowId: 'c1', minimized: false, canSend: true, hasError: false, send, ...overrides }));
  return { ...hook, send };
}

describe('useAttachments: the preview and the send (spec 2 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends an image alone 150 ms after the preview closes, then the text when there is one', () => {
    const { result, send } = setup();
    act(() => result.current.acceptGif(gif));
    expect(result.current.preview?.context).toBe('messaging-gif');
    act(() => result.current.submit('look'));
    expect(result.current.preview).toBeNull();
    act(() => vi.advanceTimersByTime(149));
    expect(send).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(send.mock.calls.map((call) => [call[0], call[1]?.type])).toEqual([
      ['', 'IMAGE'],
      ['look', undefined],
    ]);

    send.mockClear();
    act(() => result.current.acceptGif(gif));
    act(() => result.current.submit(''));
    act(() => vi.advanceTimersByTime(150));
    expect(send).toHaveBeenCalledOnce();
    expect(send.mock.calls[0]![1].image.gif.mediaUrl).toBe('/m/g_250.gif');
  });

  it('a picked sticker waits until the send, replaces a waiting image, and goes before the text (spec 2 §9)', () => {
    const { result, send } = setup();
    const sticker = { id: 's1', url: '/stickers/s1_100.png', original_size_url: '/stickers/s1.png' };
    act(() => result.current.acceptGif(gif));
    act(() => result.current.pickSticker(sticker));
    expect(result.current.preview).toBeNull();
    expect(result.current.sticker).toEqual(sticker);
    expect(send).not.toHaveBeenCalled();
    act(() => result.current.submit('with a sticker'));
    expect(send.mock.calls).toEqual([
      ['', { type: 'STICKER', sticker }],
      ['with a sticker'],
    ]);
    expect(result.current.sticker).toBeNull();
    act(() => result.current.pickSticker(sticker));
    act(() => result.current.removeSticker());
    act(() => result.current.submit('just text'));
    expect(send).toHaveBeenLastCalledWith('just text');
  });

  it('text without a preview goes at once; a refused file shows its text and no preview', () => {
    const { result, send } = setup();
    act(() => result.current.submit('hi'));
    expect(send).toHaveBeenCalledWith('hi');
    act(() => result.current.acceptFile(new File(['x'], 'a.bmp', { type: 'image/bmp' })));
    expect(result.current.fileError).toBe('Invalid file type.');
    expect(result.current.preview).toBeNull();
  });

  it('a drop is refused while an image is in preview or the window cannot send', () => {
    const dropOf = (name: string) => {
      const event = {
        preventDefault: vi.fn(),
        dataTransfer: { types: ['Files'], files: [new File(['x'], name, { type: 'image/bmp' })] },
      };
      return event as unknown as Parameters<ReturnType<typeof useAttachments>['dropHandlers']['onDrop']>[0];
    };
    const cannot = setup({ canSend: false });
    act(() => cannot.result.current.dropHandlers.onDrop(dropOf('a.bmp')));
    expect(cannot.result.current.fileError).toBeNull();

    const can = setup();
    act(() => can.result.current.dropHandlers.onDrop(dropOf('b.bmp')));
    // Taken (and refused for its type): the drop reached the file rules.
    expect(can.result.current.fileError).toBe('Invalid file type.');
    act(() => can.result.current.acceptGif(gif));
    act(() => can.result.current.dropHandlers.onDrop(dropOf('c.bmp')));
    expect(can.result.current.preview?.context).toBe('messaging-gif');
    expect(can.result.current.fileError).toBeNull();
  });
});
