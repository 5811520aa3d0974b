import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../../shared/constants';
import type { Db } from '../db/schema';
import { AppError, ErrorCode } from '../http/errors';

/** Refuses a login for an email that failed too often lately, saying when to come back. */
export async function assertLoginAllowed(db: Db, email: string) {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const recent = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', email)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(LOGIN_FAILURE_LIMIT)
    .execute();
  if (recent.length < LOGIN_FAILURE_LIMIT) return;
  // The limit lifts when the oldest of the last ten failures leaves the window.
  const retryAt = new Date(recent[recent.length - 1]!.created_at.getTime() + LOGIN_FAILURE_WINDOW_MS);
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  const when = minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
  throw new AppError(
    429,
    ErrorCode.tooManyLogins,
    `Too many failed logins for this email. Try again ${when} (at ${retryAt.toISOString().slice(11, 16)} UTC).`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}

export async function recordLoginFailure(db: Db, email: string) {
  await db.insertInto('login_failures').values({ email }).execute();
  // Keep the table small: failures older than the window no longer count.
  await db
    .deleteFrom('login_failures')
    .where('email', '=', email)
    .where('created_at', '<', new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS))
    .execute();
}

export async function clearLoginFailures(db: Db, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
