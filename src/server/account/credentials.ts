import { hash, verify } from '@node-rs/argon2';
import type { AppContext } from '../context';
import { uniqueViolation } from '../db/errors';
import { AppError, ErrorCode, conflict, invalidField } from '../http/errors';
import type { Viewer } from '../http/session';
import { blogsOfUser } from '../hydration/blogs';
import { refuse, take, type LimitRule } from '../limits/rate-limit';
import { loginSucceeded, takeLoginAttempt } from './login-limit';
import { assertPasswordNotCommon } from './password-strength';
import { endOtherSessions } from './sessions';
import { spendTfaCode, wrongTfaCode } from './tfa';
import { newVerificationLink, sendVerificationEmail } from './verification';

/**
 * Checks the viewer's password (and, given one, their two-factor code, which it spends) for a
 * change of account details. It counts against the login limit like a login does, so an open
 * session cannot be used to guess the password or the codes.
 */
export async function assertOwnPassword(ctx: AppContext, viewer: Viewer, password: string, address: string, field: string, tfaCode?: string) {
  const attempt = { email: viewer.user.email, address };
  await takeLoginAttempt(ctx.db, attempt);
  const good = await verify(viewer.user.password_hash, password).catch(() => false);
  if (!good) throw invalidField(field, 'That is not your current password.');
  if (tfaCode !== undefined && !(await spendTfaCode(ctx.db, viewer.user.id, tfaCode))) throw wrongTfaCode();
  await loginSucceeded(ctx.db, attempt);
}

/** The words a password must not be built on: the email and the names of the user's blogs. */
async function personalWords(ctx: AppContext, viewer: Viewer) {
  const blogs = await blogsOfUser(ctx.db, viewer.user.id);
  return [viewer.user.email, viewer.user.email.split('@')[0]!, ...blogs.map((b) => b.name)];
}

/**
 * A new password, under the registration's strength rule. Every other session ends: whoever
 * else was logged in (perhaps with the old password) is logged out; this one stays.
 */
export async function changePassword(ctx: AppContext, viewer: Viewer, input: { current_password: string; new_password: string }, address: string) {
  try {
    await assertPasswordNotCommon(input.new_password, await personalWords(ctx, viewer));
  } catch (error) {
    // The strength rule names the registration's field; here the field is new_password.
    if (error instanceof AppError) throw invalidField('new_password', error.message);
    throw error;
  }
  await assertOwnPassword(ctx, viewer, input.current_password, address, 'current_password');
  const passwordHash = await hash(input.new_password);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', viewer.user.id).execute();
    await endOtherSessions(trx, viewer.user.id, viewer.sessionId);
  });
}

export const EMAIL_CHANGE_RULE: LimitRule = { name: 'email-change', limit: 5, windowMs: 24 * 60 * 60_000 };

const emailTaken = () =>
  conflict(ErrorCode.emailTaken, 'email', 'An account with this email address already exists.');

/**
 * A new email address: it is unverified until its link is opened (the same verification as at
 * registration), so emails that need a verified address wait for it.
 */
export async function changeEmail(ctx: AppContext, viewer: Viewer, input: { email: string; password: string }, address: string) {
  await assertOwnPassword(ctx, viewer, input.password, address, 'password');
  if (input.email === viewer.user.email) {
    throw invalidField('email', 'That is already your email address.');
  }
  // Each change emails an address the person typed: bounded, so an account cannot mail anyone at will.
  const refusal = await take(ctx.db, [{ rule: EMAIL_CHANGE_RULE, subject: viewer.user.id }]);
  if (refusal) {
    throw refuse(refusal, `email address changes: at most ${EMAIL_CHANGE_RULE.limit} a day`);
  }
  const link = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await trx.updateTable('users').set({ email: input.email, email_verified_at: null }).where('id', '=', viewer.user.id).execute();
      // Links sent to the old address must not verify the new one.
      await trx.deleteFrom('email_verifications').where('user_id', '=', viewer.user.id).execute();
      return newVerificationLink(trx, ctx.config.publicUrl, viewer.user.id);
    })
    .catch((error) => {
      if (uniqueViolation(error) === 'users_email_key') throw emailTaken();
      throw error;
    });
  const blogs = await blogsOfUser(ctx.db, viewer.user.id);
  const primary = blogs.find((b) => b.id === viewer.user.primary_blog_id) ?? blogs[0];
  let sent = true;
  try {
    await sendVerificationEmail(ctx, input.email, primary?.name ?? input.email, link);
  } catch {
    // The address is changed; the person can ask for the link again.
    sent = false;
  }
  return { verification_email_sent: sent };
}
