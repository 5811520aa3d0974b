// Answers of POST /svc/search/inline_gif for the popover's tests (imported by *.test.tsx only).
import type { GifItem, GifSearchMessage } from '../../shared/search/gif';

export function gif(n: number, more: Partial<GifItem> = {}): GifItem {
  const postUrl = `http://localhost:3000/blog/blog${n}/post/${n}`;
  return {
    mediaUrl: `/media/aa/bb/gif${n}.gif`,
    postUrl,
    rootPostUrl: postUrl,
    rootPostUrlHash: `hash${n}`,
    rootBlog: `blog${n}`,
    rootBlogUrl: `http://localhost:3000/blog/blog${n}`,
    rootBlogKey: `uuid-${n}`,
    postTags: ['cat', 'funny', 'cute'],
    popularSearchTag: 'cat',
    width: 150,
    height: 100,
    postBlog: `blog${n}`,
    postId: String(n),
    ...more,
  };
}

export const gifs = (count: number) => Array.from({ length: count }, (_, i) => gif(i + 1));

/** A 200 answer in the envelope, as the server sends it. */
export function answer(media: GifItem[], message?: GifSearchMessage): Response {
  const response = { query: 'q', limit: 200, loggingContext: 'post-form', media, ts: 1, ...(message ? { message } : {}) };
  return new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that stays pending until its signal aborts, then rejects as fetch does. */
export function pendingUntilAborted(_url: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}
