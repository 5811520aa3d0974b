import { LOGIN_FAILURE_LIMIT, LOGIN_FAILURE_WINDOW_MS } from '../../shared/constants';
import type { Db } from '../db/schema';
import { ErrorCode } from '../http/errors';
import { clear, giveBack, refuse, take, type Bucket, type LimitRule } from '../limits/rate-limit';

/**
 * Three limits on login attempts. Per email and client address: the one a guesser meets first,
 * and one that never locks the owner's own device out. Per email, a slower ceiling against
 * guessing from many addresses. Per address, against trying one password on many emails.
 */
export const LOGIN_RULES = {
  pair: { name: 'login-pair', limit: LOGIN_FAILURE_LIMIT, windowMs: LOGIN_FAILURE_WINDOW_MS },
  email: { name: 'login-email', limit: 100, windowMs: 60 * 60_000 },
  address: { name: 'login-address', limit: 30, windowMs: LOGIN_FAILURE_WINDOW_MS },
} satisfies Record<string, LimitRule>;

export interface LoginAttempt {
  email: string;
  address: string;
}

function bucketsOf(attempt: LoginAttempt) {
  return {
    pair: { rule: LOGIN_RULES.pair, subject: `${attempt.email} ${attempt.address}` },
    email: { rule: LOGIN_RULES.email, subject: attempt.email },
    address: { rule: LOGIN_RULES.address, subject: attempt.address },
  } satisfies Record<keyof typeof LOGIN_RULES, Bucket>;
}

/**
 * Counts the attempt before its password is checked, or refuses it (429) when a limit is reached.
 * Counting first is what bounds guesses sent all at once: each takes its place atomically, and
 * only the first LOGIN_FAILURE_LIMIT of a burst are ever verified.
 */
export async function takeLoginAttempt(db: Db, attempt: LoginAttempt): Promise<void> {
  const refusal = await take(db, Object.values(bucketsOf(attempt)));
  if (!refusal) return;
  const what =
    refusal.bucket.rule === LOGIN_RULES.address
      ? 'failed logins from your network'
      : refusal.bucket.rule === LOGIN_RULES.email
        ? 'failed logins for this email'
        : 'failed logins for this email from this device';
  throw refuse(refusal, what, ErrorCode.tooManyLogins);
}

/** A right password: the pair's failures are forgotten, and the attempt does not count elsewhere. */
export async function loginSucceeded(db: Db, attempt: LoginAttempt): Promise<void> {
  const buckets = bucketsOf(attempt);
  await clear(db, buckets.pair);
  await giveBack(db, [buckets.email, buckets.address]);
}

/** An attempt that was no guess (the right password, the second factor still to come). */
export async function loginAttemptGivenBack(db: Db, attempt: LoginAttempt): Promise<void> {
  await giveBack(db, Object.values(bucketsOf(attempt)));
}

/**
 * A new password set from the emailed link: whoever set it owns the mailbox, so the wrong guesses
 * of this email from this device (perhaps theirs, trying to remember) no longer hold them back.
 */
export async function loginFailuresForgiven(db: Db, attempt: LoginAttempt): Promise<void> {
  await clear(db, bucketsOf(attempt).pair);
}
