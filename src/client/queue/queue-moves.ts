// The queue page's moves, as pure functions: which call a drag or a Move up/down makes, the cached
// pages after it (optimistic: the server answers the same order), and what is announced.
import type { InfiniteData } from '@tanstack/react-query';
import type { PostPage } from '../../shared/posts/types';
import type { QueueMove } from '../api/queue';

/**
 * The call that takes the post at `from` to `to` among the loaded posts: before the post now at
 * `to` when it moves up, after it when it moves down. It names where the post ends up, so a retry
 * of the same call changes nothing more.
 */
export function moveCall(ids: string[], from: number, to: number): QueueMove | null {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return null;
  const postId = ids[from]!;
  const anchor = ids[to]!;
  return to < from ? { post_id: postId, before_id: anchor } : { post_id: postId, after_id: anchor };
}

/** The item at `from` moved to `to`, the others keeping their order. */
export function arrayMoved<T>(items: T[], from: number, to: number): T[] {
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/** The loaded pages with one post moved: each page keeps its size and its cursor. */
export function pagesMoved(data: InfiniteData<PostPage, string>, from: number, to: number): InfiniteData<PostPage, string> {
  const all = arrayMoved(
    data.pages.flatMap((p) => p.posts),
    from,
    to,
  );
  let at = 0;
  const pages = data.pages.map((page) => {
    const posts = all.slice(at, at + page.posts.length);
    at += page.posts.length;
    return { ...page, posts };
  });
  return { ...data, pages };
}

/** What the live region says after a move: the new place, and of how many when the whole queue is loaded. */
export function movedMessage(title: string, index: number, size: number | null): string {
  return size === null ? `${title} moved to position ${index + 1}.` : `${title} moved to position ${index + 1} of ${size}.`;
}
