import { sql } from 'kysely';
import type { Db } from '../db/schema';
import type { NotificationRow } from '../db/tables/notification';
import type { PostRow } from '../db/tables/post';

/** The blog a notification came from, with the viewer's follow of it. */
export interface HydratedBlog {
  id: string;
  user_id: string;
  name: string;
  uuid: string;
  /** For the avatar's address (blogs/avatar-url.ts). */
  avatar_path: string | null;
  title: string;
  is_adult: boolean;
  following: boolean;
}

/** A post a notification is about (or made), with the name and owner of its blog. */
export type HydratedPost = PostRow & { blog_name: string; blog_user_id: string };

export interface ActivityHydrated {
  blogs: Map<string, HydratedBlog>;
  posts: Map<string, HydratedPost>;
}

/**
 * Everything a page of notifications needs: one query for the blogs they came from (with the
 * viewer's follows), one for the posts they are about and made (with their blogs' names),
 * whatever the number of notifications. The two run side by side.
 */
export async function hydrateNotifications(db: Db, rows: NotificationRow[], viewerUserId: string): Promise<ActivityHydrated> {
  const blogIds = [...new Set(rows.flatMap((r) => (r.from_blog_id ? [r.from_blog_id] : [])))];
  const postIds = [...new Set(rows.flatMap((r) => [r.post_id, r.new_post_id].filter((id): id is string => id !== null)))];
  const [blogs, posts] = await Promise.all([
    blogIds.length === 0
      ? []
      : db
          .selectFrom('blogs as b')
          .leftJoin('follows as f', (join) => join.onRef('f.blog_id', '=', 'b.id').on('f.user_id', '=', viewerUserId))
          .select(['b.id', 'b.user_id', 'b.name', 'b.uuid', 'b.avatar_path', 'b.title', 'b.is_adult', sql<boolean>`f.user_id is not null`.as('following')])
          .where('b.id', 'in', blogIds)
          .execute(),
    postIds.length === 0
      ? []
      : db
          .selectFrom('posts as p')
          .innerJoin('blogs as b', 'b.id', 'p.blog_id')
          .selectAll('p')
          .select(['b.name as blog_name', 'b.user_id as blog_user_id'])
          .where('p.id', 'in', postIds)
          .execute(),
  ]);
  return {
    blogs: new Map(blogs.map((b) => [b.id, b])),
    posts: new Map(posts.map((p) => [p.id, p])),
  };
}
