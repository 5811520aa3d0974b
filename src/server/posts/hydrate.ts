import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow } from '../db/tables/post';
import { noteStats } from '../notes/queries';
import { hiddenBlogIds } from '../visibility';

export interface Hydrated {
  posts: Map<string, PostRow>;
  blogs: Map<string, BlogRow>;
  /** Blogs of the list with a block between them and the viewer, either way (visibility.ts). */
  blockedBlogs: Set<string>;
  noteCounts: Map<string, number>;
  /** Posts of the list the viewer likes, and those they reblogged (empty for logged-out viewers). */
  liked: Set<string>;
  reblogged: Set<string>;
}

/**
 * Everything a list of posts needs, one query per kind of thing (posts, blogs, note counts with
 * the viewer's liked and reblogged flags), whatever the number of posts.
 */
export async function hydratePosts(db: Db, ids: string[], viewerUserId: string | null = null): Promise<Hydrated> {
  if (ids.length === 0) {
    return { posts: new Map(), blogs: new Map(), blockedBlogs: new Set(), noteCounts: new Map(), liked: new Set(), reblogged: new Set() };
  }
  const posts = await db.selectFrom('posts').selectAll().where('id', 'in', ids).execute();
  const blogIds = new Set<string>();
  for (const post of posts) {
    blogIds.add(post.blog_id);
    for (const item of post.trail) blogIds.add(item.blog_id);
  }
  const [blogs, stats] = await Promise.all([
    blogsQuery(db, [...blogIds], viewerUserId).execute(),
    noteStats(db, ids, viewerUserId),
  ]);
  const pick = (flag: 'liked' | 'reblogged') => new Set([...stats].filter(([, s]) => s[flag]).map(([id]) => id));
  return {
    posts: new Map(posts.map((p) => [p.id, p])),
    blogs: new Map(blogs.map(({ blocked: _blocked, ...blog }) => [blog.id, blog])),
    blockedBlogs: new Set(blogs.filter((b) => b.blocked).map((b) => b.id)),
    noteCounts: new Map([...stats].map(([id, s]) => [id, s.noteCount])),
    liked: pick('liked'),
    reblogged: pick('reblogged'),
  };
}

/** The blogs of a list, each with whether a block stands between it and the viewer (either way). */
export const blogsQuery = (db: Db, blogIds: string[], viewerUserId: string | null) =>
  db
    .selectFrom('blogs')
    .selectAll('blogs')
    .select((eb) => (viewerUserId ? eb('blogs.id', 'in', hiddenBlogIds(db, viewerUserId)) : eb.lit(false)).as('blocked'))
    .where('id', 'in', blogIds);
