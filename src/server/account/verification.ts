import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { refuse } from '../limits/rate-limit';
import { AppError, ErrorCode } from '../http/errors';
import { hashToken, newToken } from '../http/tokens';
import { mailBodies } from '../mail/templates';

const VERIFY_HOURS = 48;
const RESEND_COOLDOWN_MS = 60_000;

/** Stores a new verification token for the user and returns the link to email. */
export async function newVerificationLink(db: Db, publicUrl: string, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('email_verifications')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: new Date(Date.now() + VERIFY_HOURS * 3_600_000),
    })
    .execute();
  return `${publicUrl}/svc/account/verify/${token}`;
}

const verificationBodies = mailBodies<{ name: string; link: string; hours: number }>({
  text: `Hi <%= it.name %>,

Please verify your email address by opening this link:

<%= it.link %>

The link works for <%= it.hours %> hours. If you did not sign up, you can ignore this email.
`,
  html:
    '<p>Hi <%= it.name %>,</p><p>Please verify your email address by opening this link:</p>' +
    '<p><a href="<%= it.link %>">Verify my email address</a></p>' +
    '<p>The link works for <%= it.hours %> hours. If you did not sign up, you can ignore this email.</p>',
});

/** `name` greets them: their blog's name, or the address itself before they have a blog. */
export async function sendVerificationEmail(ctx: AppContext, email: string, name: string, link: string) {
  await ctx.mailer.send({ to: email, subject: 'Verify your email address', ...verificationBodies({ name, link, hours: VERIFY_HOURS }) });
}

/** The user a live token belongs to, without spending it; null for a bad or old token. */
export async function verificationOwner(ctx: AppContext, token: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('email_verifications')
    .select('user_id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row?.user_id ?? null;
}

export const usedUpVerification = () =>
  new AppError(
    400,
    ErrorCode.invalidVerification,
    'That verification link is used up or has expired. Log in, then ask for a new one from your dashboard.',
  );

/** Marks the token's user verified and spends every token they had. Null for a bad or old token. */
export async function consumeVerification(ctx: AppContext, token: string): Promise<string | null> {
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('email_verifications')
      .select('user_id')
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', new Date())
      .executeTakeFirst();
    if (!row) return null;
    await trx
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', '=', row.user_id)
      .where('email_verified_at', 'is', null)
      .execute();
    // ADMIN_EMAILS: an owner of one of these mailboxes is an admin once they have proved it.
    if (ctx.config.adminEmails.length > 0) {
      await trx.updateTable('users').set({ is_admin: true }).where('id', '=', row.user_id).where('email', 'in', ctx.config.adminEmails).execute();
    }
    await trx.deleteFrom('email_verifications').where('user_id', '=', row.user_id).execute();
    return row.user_id;
  });
  // Messaging polls by token, cached per process with the verified state: every process forgets
  // it now, so the newly verified user gets poll data at once. A bus failure only delays that.
  if (userId) await ctx.bus.publish({ type: 'user', userId }).catch(() => {});
  return userId;
}

export async function resendVerification(ctx: AppContext, user: { id: string; email: string; email_verified_at: Date | null }, blogName: string) {
  if (user.email_verified_at) {
    throw new AppError(409, ErrorCode.alreadyVerified, 'Your email address is already verified.');
  }
  const newest = await ctx.db
    .selectFrom('email_verifications')
    .select('created_at')
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const waitMs = newest ? newest.created_at.getTime() + RESEND_COOLDOWN_MS - Date.now() : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    const refusal = { retryAfter: seconds, resetsAt: new Date(Date.now() + waitMs) };
    throw refuse(refusal, 'verification emails: one a minute, and we sent you one less than a minute ago', ErrorCode.verificationThrottled);
  }
  const link = await newVerificationLink(ctx.db, ctx.config.publicUrl, user.id);
  await sendVerificationEmail(ctx, user.email, blogName, link);
}
