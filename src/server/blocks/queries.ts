import type { Db } from '../db/schema';
import { AppError, ErrorCode } from '../http/errors';
import { actingBlogIdOf, assertMayReach, isBlockedBetween } from '../visibility';

// What a block forbids (follow, like, reblog, reply, mention) is checked here; what it hides is
// the rule in visibility.ts, read by every list.

export const blockedError = () =>
  new AppError(403, ErrorCode.blocked, 'You cannot do that: one of these blogs has blocked the other.');

/**
 * A blog page across a block: neither side reads the other's posts while logged in. The list of
 * blocks is on the settings page (/settings, 'Blocked blogs'), not in a blog's settings.
 */
export const blogHiddenByBlock = () =>
  new AppError(
    403,
    ErrorCode.blocked,
    "You can't see this blog's posts: there is a block between it and one of your blogs. A block you made can be undone under Blocked blogs in your settings.",
  );

/** Throws the 403 a person reads when a block stands between them and the blog. */
export async function assertNotBlocked(db: Db, userId: string, blogId: string): Promise<void> {
  if (await isBlockedBetween(db, userId, blogId)) throw blockedError();
}

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

/**
 * `assertNotBlockedLocked` for an action made as the user's acting blog (a like, a follow), with
 * the suspension rule of visibility.ts (`assertUserMayReach`): the statement that locks the target
 * also reads the acting blog, so the hot paths pay no statement for it.
 */
export async function assertMayReachLocked(
  db: Db,
  user: { id: string; current_blog_id: string | null; primary_blog_id: string | null },
  blogId: string,
): Promise<void> {
  const actingId = actingBlogIdOf(user);
  const row = await db
    .selectFrom('blogs as target')
    .leftJoin('blogs as actor', (join) => join.on('actor.id', '=', actingId ?? '0').on('actor.user_id', '=', user.id))
    .select(['target.id', 'actor.name as actor_name', 'actor.is_suspended as actor_suspended', 'actor.deleted_at as actor_deleted_at'])
    .where('target.id', '=', blogId)
    .forShare('target')
    .executeTakeFirst();
  if (row?.actor_name != null && row.actor_suspended != null) assertMayReach({ name: row.actor_name, is_suspended: row.actor_suspended, deleted_at: row.actor_deleted_at ?? null });
  await assertNotBlocked(db, user.id, blogId);
}
