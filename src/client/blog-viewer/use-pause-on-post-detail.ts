// Spec 1 §4: a playing video pauses when a post detail view opens. The drawer opening one post
// (or moving to another) is that view; the players listen on the client event bus.
import { useEffect } from 'react';
import { publish } from '../events/bus';

export function usePauseOnPostDetail(postId: string | undefined) {
  useEffect(() => {
    if (postId) publish('players:pause-all', { reason: 'post-detail' });
  }, [postId]);
}
