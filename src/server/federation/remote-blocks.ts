// A blog of ours blocks an account elsewhere (remote_blocks), both ways: the account's follow of
// the blog ends and a new one is refused (Reject); the followers collection, which deliveries read,
// leaves it out, so nothing of the blog reaches it; its likes, reblogs and replies of the blog's
// posts are dropped (and those it made go); the blog's owner stops following it (Undo is sent) and
// may not follow it again while one of their blogs blocks it, so its posts leave their dashboard.
import type { RemoteBlock, RemoteBlocksResponse } from '../../shared/federation/types';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { Viewer } from '../http/session';
import { lookUpHandle, parseHandle, unfollowRemote } from './remote-follow';

/** Blocks a blog lists at most (newest first); a blog blocking more than this is unheard of. */
export const REMOTE_BLOCKS_LISTED = 500;

/** The handle as remote_actors keeps it: name@host, lower case. */
const handleKey = (text: string) => {
  const { name, host } = parseHandle(text);
  return `${name}@${host}`.toLowerCase();
};

const knownActor = (db: Db, handle: string) =>
  db.selectFrom('remote_actors').select(['id', 'uri', 'handle', 'name', 'icon_url', 'url']).where('handle', '=', handleKey(handle)).executeTakeFirst();

/** Blocks the account (by handle: known here already, or looked up on its server) from the blog. */
export async function blockRemote(ctx: AppContext, viewer: Viewer, blog: BlogRow, handle: string): Promise<RemoteBlock> {
  const actor = (await knownActor(ctx.db, handle)) ?? (await lookUpHandle(ctx, handle));
  const blockedAt = await ctx.db.transaction().execute(async (trx) => {
    await trx.insertInto('remote_blocks').values({ blog_id: blog.id, actor_id: actor.id }).onConflict((oc) => oc.doNothing()).execute();
    await trx.deleteFrom('remote_followers').where('blog_id', '=', blog.id).where('actor_id', '=', actor.id).execute();
    // What it already did to the blog's posts goes too (their notifications cascade).
    await trx
      .deleteFrom('remote_notes')
      .where('actor_id', '=', actor.id)
      .where('post_id', 'in', (eb) => eb.selectFrom('posts').select('id').where('blog_id', '=', blog.id))
      .execute();
    const row = await trx.selectFrom('remote_blocks').select('created_at').where('blog_id', '=', blog.id).where('actor_id', '=', actor.id).executeTakeFirstOrThrow();
    return row.created_at;
  });
  const follows = await ctx.db.selectFrom('remote_follows').select('actor_id').where('user_id', '=', viewer.user.id).where('actor_id', '=', actor.id).executeTakeFirst();
  if (follows) await unfollowRemote(ctx, viewer.user.id, actor.handle).catch(() => {});
  return { handle: actor.handle, name: actor.name, icon_url: actor.icon_url, url: actor.url, blocked_at: blockedAt.toISOString() };
}

/** Lifts the blog's block of the account; none there: the same answer. */
export async function unblockRemote(db: Db, blog: BlogRow, handle: string): Promise<void> {
  const key = handleKey(handle);
  await db
    .deleteFrom('remote_blocks')
    .where('blog_id', '=', blog.id)
    .where('actor_id', 'in', (eb) => eb.selectFrom('remote_actors').select('id').where('handle', '=', key))
    .execute();
}

/** The accounts elsewhere the blog blocks, newest first (one query, remote_blocks_pk by blog). */
export async function remoteBlocks(db: Db, blog: BlogRow): Promise<RemoteBlocksResponse> {
  const rows = await db
    .selectFrom('remote_blocks as rb')
    .innerJoin('remote_actors as a', 'a.id', 'rb.actor_id')
    .select(['a.handle', 'a.name', 'a.icon_url', 'a.url', 'rb.created_at'])
    .where('rb.blog_id', '=', blog.id)
    .orderBy('rb.created_at', 'desc')
    .limit(REMOTE_BLOCKS_LISTED)
    .execute();
  return { blocks: rows.map((row) => ({ handle: row.handle, name: row.name, icon_url: row.icon_url, url: row.url, blocked_at: row.created_at.toISOString() })) };
}
