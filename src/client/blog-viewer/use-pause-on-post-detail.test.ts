import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { subscribe } from '../events/bus';
import { usePauseOnPostDetail } from './use-pause-on-post-detail';

describe('pausing the players when the drawer opens a post', () => {
  const heard = vi.fn();
  let stop = () => {};
  afterEach(() => {
    stop();
    heard.mockReset();
  });

  it('publishes pause-all with the post-detail reason for each post opened, not for a blog', () => {
    stop = subscribe('players:pause-all', heard);
    const { rerender } = renderHook(({ postId }: { postId?: string }) => usePauseOnPostDetail(postId), { initialProps: { postId: undefined as string | undefined } });
    expect(heard).not.toHaveBeenCalled();
    rerender({ postId: '12' });
    expect(heard).toHaveBeenCalledExactlyOnceWith({ reason: 'post-detail' });
    rerender({ postId: '12' });
    expect(heard).toHaveBeenCalledTimes(1);
    rerender({ postId: '13' });
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
