// Blogs as lists and pages load them, with the viewer's flags about each.
import { sql } from 'kysely';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import { hiddenBlogIds } from '../visibility';

/** A user's blogs, oldest first, deleted ones left out: read on every user info, so compiled once. */
export const blogsOfUser = compileOnce((db: Db, userId: string) =>
  db.selectFrom('blogs').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id'),
);

/** A blog by its name; a deleted blog holding its name through the quarantine is no blog (leaving/quarantine.ts). */
export const blogByName = (db: Db, name: string) =>
  db.selectFrom('blogs').selectAll().where('name', '=', name).where('deleted_at', 'is', null).executeTakeFirst();

/** Which of the viewer's flags about blogs a list needs (each one costs a lookup per blog). */
export interface BlogFlags {
  /** A block between the blog and the viewer, either way (visibility.ts). */
  blocked?: boolean;
  /** The viewer follows the blog, and is subscribed to it. */
  following?: boolean;
}

/**
 * The blogs of a list by id, one query, with the flags asked for. The post lists' text (blocked
 * only) is what bench/bare-feed.ts sends: a flag not asked for adds nothing to it.
 */
export const blogsQuery = (db: Db, blogIds: string[], viewerUserId: string | null, flags: BlogFlags = { blocked: true }) =>
  db
    .selectFrom('blogs')
    .selectAll('blogs')
    .select((eb) => (viewerUserId && flags.blocked ? eb('blogs.id', 'in', hiddenBlogIds(db, viewerUserId)) : eb.lit(false)).as('blocked'))
    .$if(Boolean(flags.following && viewerUserId), (qb) =>
      qb.select([
        // follows_pkey and subscriptions_pkey: a lookup each per blog.
        sql<boolean>`exists (select 1 from follows f where f.user_id = ${viewerUserId} and f.blog_id = blogs.id)`.as('following'),
        sql<boolean>`exists (select 1 from subscriptions s where s.user_id = ${viewerUserId} and s.blog_id = blogs.id)`.as('subscribed'),
      ]),
    )
    .where('id', 'in', blogIds);
