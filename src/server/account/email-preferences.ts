import { sql } from 'kysely';
import type { EmailKind, EmailPreferences } from '../../shared/account-settings';
import type { Db } from '../db/schema';

/** Batched emails of one kind go to one person at most this often. */
export const EMAIL_BATCH_INTERVAL_MS = 60 * 60_000;

const COLUMN = {
  new_followers: 'email_new_followers',
  asks: 'email_asks',
  messages: 'email_messages',
} as const satisfies Record<EmailKind, keyof EmailPreferences>;

export async function emailPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  return db
    .selectFrom('users')
    .select(['email_new_followers', 'email_asks', 'email_messages'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

export async function updateEmailPreferences(db: Db, userId: string, change: Partial<EmailPreferences>): Promise<EmailPreferences> {
  return db
    .updateTable('users')
    .set(change)
    .where('id', '=', userId)
    .returning(['email_new_followers', 'email_asks', 'email_messages'])
    .executeTakeFirstOrThrow();
}

/**
 * THE HELPER FOR OTHER EMAIL SENDERS (asks, messages while away): the address to send one batched
 * email of `kind` to, or null when none may go now. Null when the user turned that kind off in
 * /settings/notifications, when their address is not verified, or when an email of this kind
 * went to them less than an hour ago. A non-null answer has already taken the hour's slot (one
 * upsert, so two processes cannot both send): send the email, covering everything up to `until`.
 * The next call's `since` (what the previous email covered) tells where the next batch starts.
 */
export async function takeEmailSlot(
  db: Db,
  userId: string,
  kind: EmailKind,
  now: Date,
  until: Date = now,
): Promise<{ email: string; since: Date | null } | null> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'email_verified_at', COLUMN[kind]])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || !user.email_verified_at || !(user as Record<string, unknown>)[COLUMN[kind]]) return null;
  const before = await db
    .selectFrom('email_batches')
    .select('covered_until')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .executeTakeFirst();
  const slotStart = new Date(now.getTime() - EMAIL_BATCH_INTERVAL_MS);
  const taken = await db
    .insertInto('email_batches')
    .values({ user_id: userId, kind, last_sent_at: now, covered_until: until })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind'])
        .doUpdateSet({ last_sent_at: now, covered_until: sql`greatest(email_batches.covered_until, excluded.covered_until)` })
        .where('email_batches.last_sent_at', '<=', slotStart),
    )
    .returning('user_id')
    .executeTakeFirst();
  return taken ? { email: user.email, since: before?.covered_until ?? null } : null;
}
