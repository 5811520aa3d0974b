import { SHARE_EMAIL } from '../../shared/share/constants';
import type { Db } from '../db/schema';
import { refuse } from '../limits/rate-limit';

const HOUR_MS = 3_600_000;

export interface ShareEmailRecord {
  userId: string;
  postId: string | null;
  blogId: string | null;
  address: string;
}

/**
 * The 429 of a sender whose hour is full, in the one wording of a refusal (limits/rate-limit.ts).
 * The allowance itself is the sends of the last hour (share_emails rows), not a counter: a send whose
 * mail could not go is taken back, and the place frees up an hour after the oldest send.
 */
export const tooManyEmails = (retryAt: Date, now: Date) =>
  refuse({ retryAfter: Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000)), resetsAt: retryAt }, `emailed shares: at most ${SHARE_EMAIL.perHour} an hour`);

/**
 * Counts an emailed share against the sender's hourly allowance, or throws the 429 that says
 * when they may send again. The sender's user row is locked for the check and the insert, so
 * two sends at once cannot both take the last place. Returns the new row's id (to take it back
 * if the mail cannot be sent) and how many sends are left this hour.
 */
export async function takeEmailAllowance(db: Db, record: ShareEmailRecord, now = new Date()): Promise<{ id: string; remaining: number }> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', record.userId).forUpdate().execute();
    // share_emails_user_recent_idx: this sender's sends, newest first.
    const recent = await trx
      .selectFrom('share_emails')
      .select('created_at')
      .where('user_id', '=', record.userId)
      .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
      .orderBy('created_at', 'desc')
      .limit(SHARE_EMAIL.perHour)
      .execute();
    if (recent.length >= SHARE_EMAIL.perHour) {
      // A place frees up when the oldest of the last hour's sends turns an hour old.
      const oldest = recent[recent.length - 1]!.created_at;
      throw tooManyEmails(new Date(oldest.getTime() + HOUR_MS), now);
    }
    const row = await trx
      .insertInto('share_emails')
      .values({ user_id: record.userId, post_id: record.postId, blog_id: record.blogId, email_address: record.address, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, remaining: SHARE_EMAIL.perHour - recent.length - 1 };
  });
}

/** Gives the place back when the mail could not be sent: a failure does not count against them. */
export async function returnEmailAllowance(db: Db, id: string): Promise<void> {
  await db.deleteFrom('share_emails').where('id', '=', id).execute();
}
