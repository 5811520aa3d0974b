// Likes as an optimistic toggle (STYLE.md pattern 8, spec 1 §4): `liked` changes in every cached
// list at once, the calls for one post go out one at a time, and when the clicking stops the post
// shows what the server last confirmed. Quick like-unlike-like sends only what is still needed.
import type { QueryClient } from '@tanstack/react-query';
import type { PostView } from '../../shared/posts/types';
import { noteKeys, patchPost, sendLike } from '../api/notes';
import { reportPostActionError } from './post-action-errors';

interface Toggle {
  /** What the person asked for last. */
  wanted: boolean;
  /** What the server last said (at first: what the post showed before the first click). */
  confirmed: boolean;
}

// Per post id, not per card: the same post can be on screen in two lists at once. Per query
// client too, as the lists it patches are that client's.
const runningByClient = new WeakMap<QueryClient, Map<string, Toggle>>();

function runningFor(queryClient: QueryClient) {
  let running = runningByClient.get(queryClient);
  if (!running) runningByClient.set(queryClient, (running = new Map()));
  return running;
}

/** Likes (`wanted` true) or unlikes `post`; resolves when its calls are over. */
export function toggleLike(queryClient: QueryClient, post: PostView, wanted: boolean, source: string): Promise<void> {
  patchPost(queryClient, post.id, () => ({ liked: wanted }));
  const running = runningFor(queryClient);
  const current = running.get(post.id);
  if (current) {
    // A call is out: the loop below picks up the new wish when it comes back.
    current.wanted = wanted;
    return Promise.resolve();
  }
  const toggle: Toggle = { wanted, confirmed: post.liked };
  running.set(post.id, toggle);
  return drain(queryClient, post, toggle, source);
}

async function drain(queryClient: QueryClient, post: PostView, toggle: Toggle, source: string) {
  let noteCount: number | null = null;
  try {
    while (toggle.wanted !== toggle.confirmed) {
      const target = toggle.wanted;
      try {
        const answer = await sendLike(post, target, source);
        toggle.confirmed = answer.liked;
        noteCount = answer.note_count;
        // The server decided otherwise: its word stands rather than asking again.
        if (answer.liked !== target) break;
      } catch (error) {
        void reportPostActionError(target ? 'like' : 'unlike', post.id, error);
        break;
      }
    }
  } finally {
    runningFor(queryClient).delete(post.id);
    patchPost(queryClient, post.id, () => (noteCount === null ? { liked: toggle.confirmed } : { liked: toggle.confirmed, note_count: noteCount }));
    if (noteCount !== null) void queryClient.invalidateQueries({ queryKey: noteKeys.list(post.id) });
  }
}
