// Likes as an optimistic toggle (spec 1 §4) on the shared mechanism in api/optimistic-toggle.ts:
// `liked` changes in every cached list at once, the calls for one post go out one at a time, and
// when the clicking stops the post shows what the server last confirmed.
import type { QueryClient } from '@tanstack/react-query';
import type { PostView } from '../../shared/posts/types';
import { noteKeys, patchPost, sendLike } from '../api/notes';
import { requestToggle } from '../api/optimistic-toggle';
import { reportPostActionError } from './post-action-errors';

/** Likes (`wanted` true) or unlikes `post`; resolves with what the server confirmed. */
export function toggleLike(queryClient: QueryClient, post: PostView, wanted: boolean, source: string): Promise<boolean> {
  return requestToggle(
    queryClient,
    // Per post id, not per card: the same post can be on screen in two lists at once.
    { key: `like:${post.id}`, current: () => post.liked, show: (liked) => patchPost(queryClient, post.id, () => ({ liked })) },
    {
      kind: 'like',
      next: () => wanted,
      needed: (confirmed) => confirmed !== wanted,
      send: async () => {
        try {
          const answer = await sendLike(post, wanted, source);
          patchPost(queryClient, post.id, () => ({ note_count: answer.note_count }));
          void queryClient.invalidateQueries({ queryKey: noteKeys.list(post.id) });
          return answer.liked;
        } catch (error) {
          void reportPostActionError(wanted ? 'like' : 'unlike', post.id, error);
          throw error;
        }
      },
    },
  );
}
