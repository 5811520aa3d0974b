import { sql, type Expression } from 'kysely';
import type { Db } from '../db/schema';
import { AppError, ErrorCode } from '../http/errors';

/*
 * Blocks are made by a blog against a blog, but follows, likes and dashboards belong to users.
 * So a block binds the two owners: when blog X blocks blog Y, the owner of Y can no longer
 * follow, like, reblog, reply to or mention X (as any of their blogs), and neither owner sees
 * the other blog's posts. These checks are the one place that rule is written.
 */

/** True when a blog of the user and the given blog have a block between them, either way. */
export async function isBlockedBetween(db: Db, userId: string, blogId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks as b')
    .innerJoin('blogs as mine', (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb('b.blocked_blog_id', '=', eb.ref('mine.id')), eb('b.blocker_blog_id', '=', blogId)]),
          eb.and([eb('b.blocker_blog_id', '=', eb.ref('mine.id')), eb('b.blocked_blog_id', '=', blogId)]),
        ]),
      ),
    )
    .select(sql<number>`1`.as('one'))
    .where('mine.user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export const blockedError = () =>
  new AppError(403, ErrorCode.blocked, 'You cannot do that: one of these blogs has blocked the other.');

/** A blog page across a block: neither side reads the other's posts while logged in. */
export const blogHiddenByBlock = () =>
  new AppError(
    403,
    ErrorCode.blocked,
    "You can't see this blog's posts: there is a block between it and one of your blogs. A block you made can be undone in your blog's settings.",
  );

/** Throws the 403 a person reads when a block stands between them and the blog. */
export async function assertNotBlocked(db: Db, userId: string, blogId: string): Promise<void> {
  if (await isBlockedBetween(db, userId, blogId)) throw blockedError();
}

/**
 * The blogs whose posts a user must not see: blogs that blocked one of the user's blogs, and
 * blogs one of the user's blogs blocked. For filtering lists (dashboard, search) in SQL.
 * `userId` may be an SQL expression (a query that already carries the id as a parameter can
 * pass a reference to it, keeping its parameter list unchanged).
 */
export const hiddenBlogIds = (db: Db, userId: string | Expression<string>) =>
  db
    .selectFrom('blocks as b')
    .innerJoin('blogs as mine', 'mine.id', 'b.blocked_blog_id')
    .select('b.blocker_blog_id as blog_id')
    .where('mine.user_id', '=', userId)
    .union(
      db
        .selectFrom('blocks as b')
        .innerJoin('blogs as mine', 'mine.id', 'b.blocker_blog_id')
        .select('b.blocked_blog_id as blog_id')
        .where('mine.user_id', '=', userId),
    );

/**
 * A block and the actions it forbids must not pass each other: a follow that checked "no block"
 * just before a block committed would outlive it. So a block locks both blogs' rows (FOR UPDATE,
 * in id order, no deadlock between two blocks) before it inserts and ends the follows, and an
 * action locks its target blog's row (FOR SHARE, `assertNotBlockedLocked`) before it checks. Whichever comes
 * second waits, then sees what the first did.
 */
export async function lockBlogs(db: Db, blogIds: string[]): Promise<void> {
  await db.selectFrom('blogs').select('id').where('id', 'in', blogIds).orderBy('id').forUpdate().execute();
}

/** The check half of `lockBlogs`: run in the action's transaction, before `assertNotBlocked`. */
export async function assertNotBlockedLocked(db: Db, userId: string, blogId: string): Promise<void> {
  await db.selectFrom('blogs').select('id').where('id', '=', blogId).forShare().execute();
  await assertNotBlocked(db, userId, blogId);
}
