// The one hydrator (STYLE.md "Lists go ids → hydrate → present"): a list's page query finds ids,
// this loads what they show into maps, one batched `where id in (...)` query per kind of thing,
// whatever the length of the list; views (post-views.ts, blog-views.ts) are pure functions of them.
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow } from '../db/tables/post';
import { blogsQuery } from './blogs';
import { noteStats } from './counts';

export interface Hydrated {
  posts: Map<string, PostRow>;
  /** The posts' blogs, the blogs of their trails, and the blogs asked for by id. */
  blogs: Map<string, BlogRow>;
  noteCounts: Map<string, number>;
  // The viewer's flags: empty for logged-out viewers and for what was not asked.
  /** Blogs with a block between them and the viewer, either way (visibility.ts). */
  blockedBlogs: Set<string>;
  /** Blogs the viewer follows, and those they are subscribed to. */
  following: Set<string>;
  subscribed: Set<string>;
  /** Posts the viewer likes, and those they reblogged. */
  liked: Set<string>;
  reblogged: Set<string>;
}

export interface HydrateRequest {
  viewerUserId: string | null;
  postIds?: string[];
  /** Blogs wanted besides those of the posts. */
  blogIds?: string[];
  /** The posts' note counts with the liked and reblogged flags. */
  counts?: boolean;
  /** The blogs' blocked flag (what post lists need to leave blogs across a block out). */
  blocked?: boolean;
  /** The blogs' following and subscribed flags. */
  following?: boolean;
}

export const emptyHydration = (): Hydrated => ({
  posts: new Map(),
  blogs: new Map(),
  noteCounts: new Map(),
  blockedBlogs: new Set(),
  following: new Set(),
  subscribed: new Set(),
  liked: new Set(),
  reblogged: new Set(),
});

/**
 * Loads a list's posts (one query), then in parallel their blogs and the blogs asked for with the
 * viewer's flags (one query) and the posts' note counts with the viewer's flags (one query).
 */
export async function hydrate(db: Db, request: HydrateRequest): Promise<Hydrated> {
  const hydrated = emptyHydration();
  const postIds = [...new Set(request.postIds ?? [])];
  const posts = postIds.length ? await db.selectFrom('posts').selectAll().where('id', 'in', postIds).execute() : [];
  const blogIds = new Set(request.blogIds ?? []);
  for (const post of posts) {
    hydrated.posts.set(post.id, post);
    blogIds.add(post.blog_id);
    for (const item of post.trail) blogIds.add(item.blog_id);
    // Who submitted it (credited on the post); an ask's asker is never loaded into a view.
    if (post.from_blog_id && post.type !== 'note') blogIds.add(post.from_blog_id);
  }
  const viewer = request.viewerUserId;
  const [blogs, stats] = await Promise.all([
    blogIds.size ? blogsQuery(db, [...blogIds], viewer, { blocked: request.blocked, following: request.following }).execute() : [],
    request.counts ? noteStats(db, postIds, viewer) : new Map(),
  ]);
  for (const { blocked, following, subscribed, ...blog } of blogs) {
    hydrated.blogs.set(blog.id, blog);
    if (blocked) hydrated.blockedBlogs.add(blog.id);
    if (following) hydrated.following.add(blog.id);
    if (subscribed) hydrated.subscribed.add(blog.id);
  }
  for (const [id, s] of stats) {
    hydrated.noteCounts.set(id, s.noteCount);
    if (s.liked) hydrated.liked.add(id);
    if (s.reblogged) hydrated.reblogged.add(id);
  }
  return hydrated;
}

/** What a list of posts needs: the posts, their blogs with the blocked flag, note counts and flags. */
export const hydratePosts = (db: Db, ids: string[], viewerUserId: string | null = null) =>
  hydrate(db, { viewerUserId, postIds: ids, counts: true, blocked: true });
