// The purge job: what deleting a blog or an account leaves for later. Deleting marks the rows
// (delete.ts), which hides them everywhere at once; this job then removes, for each deleted blog,
// its posts, its conversations and their messages, its notifications, and the uploaded files nothing
// else shows; for each deleted account, its remaining uploads and exports; and, when the name's
// quarantine ends, the rows themselves (their cascades take the rest), which frees the names.
// Each blog and account is claimed with FOR UPDATE SKIP LOCKED, so several processes share the work
// and none purges a blog twice; a pass cut short leaves the row unmarked, and the next pass redoes it.
import { sql } from 'kysely';
import { NAME_QUARANTINE_DAYS } from '../../shared/leaving';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { mediaKeysOf } from './media-keys';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The account's uploads among `shas` (all of them when null) that no post or message shows any more:
 * their rows go, and the keys of files no other upload row names are returned for removal after
 * the commit (a file is content-addressed: another person's upload of the same bytes keeps it).
 */
async function dropUnusedUploads(trx: Db, userId: string, shas: string[] | null): Promise<string[]> {
  if (shas !== null && shas.length === 0) return [];
  const rows = await trx
    .deleteFrom('media as m')
    .where('m.user_id', '=', userId)
    .$if(shas !== null, (qb) => qb.where('m.sha256', 'in', shas!))
    .where(sql<boolean>`not exists (select 1 from post_media pm where pm.sha256 = m.sha256)`)
    .where(sql<boolean>`not exists (select 1 from message_media mm where mm.sha256 = m.sha256)`)
    .returning(['m.sha256', 'm.sizes', 'm.meta'])
    .execute();
  if (rows.length === 0) return [];
  const kept = await trx.selectFrom('media').select('sha256').distinct().where('sha256', 'in', rows.map((r) => r.sha256)).execute();
  const stillNamed = new Set(kept.map((r) => r.sha256));
  return rows.filter((r) => !stillNamed.has(r.sha256)).flatMap((r) => mediaKeysOf(r));
}

async function removeFiles(ctx: AppContext, keys: string[]) {
  for (const key of keys) await ctx.media.remove(key);
}

/** Empties one deleted blog not purged yet (the oldest deletion first); false when none waits. */
export async function purgeOneBlog(ctx: AppContext): Promise<boolean> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const blog = await trx
      .selectFrom('blogs')
      .select(['id', 'user_id'])
      .where('deleted_at', 'is not', null)
      .where('purged_at', 'is', null)
      .orderBy('deleted_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!blog) return null;
    // The files its posts and its messages show, before the rows that name them go.
    const { rows: shaRows } = await sql<{ sha256: string }>`
      select pm.sha256 from post_media pm join posts p on p.id = pm.post_id where p.blog_id = ${blog.id}
      union
      select mm.sha256 from message_media mm join messages m on m.id = mm.message_id where m.sender_blog_id = ${blog.id}`.execute(trx);
    // Posts take their notes, tags, search rows and post_media along (foreign keys, on delete cascade).
    await trx.deleteFrom('posts').where('blog_id', '=', blog.id).execute();
    // Its conversations go whole: the other side already lost them with the deletion (visibility.ts).
    await trx.deleteFrom('conversations').where((eb) => eb.or([eb('pair_low', '=', blog.id), eb('pair_high', '=', blog.id)])).execute();
    await trx.deleteFrom('notifications').where('blog_id', '=', blog.id).execute();
    await trx.deleteFrom('notifications').where('from_blog_id', '=', blog.id).execute();
    const keys = await dropUnusedUploads(trx, blog.user_id, shaRows.map((r) => r.sha256));
    await trx.updateTable('blogs').set({ purged_at: new Date() }).where('id', '=', blog.id).execute();
    return { keys };
  });
  if (!result) return false;
  await removeFiles(ctx, result.keys);
  return true;
}

/**
 * Empties one deleted account whose blogs are all purged: its uploads that nothing shows and its
 * export files. Marked done by removing the account's last upload row, so it is not claimed again.
 */
export async function purgeOneAccount(ctx: AppContext): Promise<boolean> {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users as u')
      .select('u.id')
      .where('u.deleted_at', 'is not', null)
      .where(sql<boolean>`not exists (select 1 from blogs b where b.user_id = u.id and b.purged_at is null)`)
      .where(sql<boolean>`(exists (select 1 from media m where m.user_id = u.id) or exists (select 1 from data_exports e where e.user_id = u.id and e.file is not null))`)
      .orderBy('u.deleted_at')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!user) return null;
    const keys = await dropUnusedUploads(trx, user.id, null);
    // Uploads another post still shows (a reblog's copy) keep their files; the rows go with the account.
    await trx.deleteFrom('media').where('user_id', '=', user.id).execute();
    const exports = await trx.selectFrom('data_exports').select('file').where('user_id', '=', user.id).where('file', 'is not', null).execute();
    await trx.updateTable('data_exports').set({ file: null, token_hash: null, updated_at: new Date() }).where('user_id', '=', user.id).execute();
    return { keys, exportFiles: exports.flatMap((e) => (e.file ? [e.file] : [])) };
  });
  if (!result) return false;
  await removeFiles(ctx, [...result.keys, ...result.exportFiles]);
  return true;
}

/** Rows whose quarantine is over go, with what still hangs on them: their names are free again. */
export async function endQuarantines(ctx: AppContext, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NAME_QUARANTINE_DAYS * DAY_MS);
  const blogs = await ctx.db
    .deleteFrom('blogs')
    .where('deleted_at', '<', before)
    .where('purged_at', 'is not', null)
    .returning('id')
    .execute();
  const users = await ctx.db
    .deleteFrom('users as u')
    .where('u.deleted_at', '<', before)
    .where(sql<boolean>`not exists (select 1 from blogs b where b.user_id = u.id)`)
    .where(sql<boolean>`not exists (select 1 from media m where m.user_id = u.id)`)
    .returning('u.id')
    .execute();
  return blogs.length + users.length;
}

/** One pass: every deleted blog and account emptied, then the quarantines that ended. Tests call this. */
export async function runPurgeOnce(ctx: AppContext, now = new Date(), signal?: AbortSignal): Promise<{ blogs: number; accounts: number; freed: number }> {
  let blogs = 0;
  let accounts = 0;
  while (!signal?.aborted && (await purgeOneBlog(ctx))) blogs += 1;
  while (!signal?.aborted && (await purgeOneAccount(ctx))) accounts += 1;
  const freed = signal?.aborted ? 0 : await endQuarantines(ctx, now);
  return { blogs, accounts, freed };
}
