import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow } from '../db/tables/post';

export interface Hydrated {
  posts: Map<string, PostRow>;
  blogs: Map<string, BlogRow>;
  noteCounts: Map<string, number>;
}

/**
 * Everything a list of posts needs, one query per kind of thing (posts, blogs, note counts),
 * whatever the number of posts.
 */
export async function hydratePosts(db: Db, ids: string[]): Promise<Hydrated> {
  if (ids.length === 0) return { posts: new Map(), blogs: new Map(), noteCounts: new Map() };
  const posts = await db.selectFrom('posts').selectAll().where('id', 'in', ids).execute();
  const blogIds = new Set<string>();
  for (const post of posts) {
    blogIds.add(post.blog_id);
    for (const item of post.trail) blogIds.add(item.blog_id);
  }
  const [blogs, counts] = await Promise.all([
    db.selectFrom('blogs').selectAll().where('id', 'in', [...blogIds]).execute(),
    db
      .selectFrom('posts')
      .select(['reblog_of_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('reblog_of_id', 'in', ids)
      .groupBy('reblog_of_id')
      .execute(),
  ]);
  return {
    posts: new Map(posts.map((p) => [p.id, p])),
    blogs: new Map(blogs.map((b) => [b.id, b])),
    noteCounts: new Map(counts.map((c) => [c.reblog_of_id!, Number(c.n)])),
  };
}
