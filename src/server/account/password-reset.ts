// Forgot your password: an emailed link, good once and for an hour, that sets a new password.
import { hash } from '@node-rs/argon2';
import { RESET_LINK_MINUTES, RESET_PAGE } from '../../shared/password-reset';
import type { AppContext } from '../context';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import { hashToken, newToken } from '../http/tokens';
import { blogsOfUser } from '../hydration/blogs';
import { refuse, take, type LimitRule } from '../limits/rate-limit';
import { mailBodies } from '../mail/templates';
import { loginFailuresForgiven } from './login-limit';
import { assertPasswordNotCommon } from './password-strength';

const HOUR_MS = 60 * 60_000;

const resetRules = (ctx: AppContext) => ({
  email: { name: 'password-reset-email', limit: ctx.config.limits.passwordResetsPerEmailPerHour, windowMs: HOUR_MS },
  address: { name: 'password-reset-address', limit: ctx.config.limits.passwordResetsPerAddressPerHour, windowMs: HOUR_MS },
}) satisfies Record<string, LimitRule>;

const resetBodies = mailBodies<{ name: string; link: string; minutes: number }>({
  text: `Hi <%= it.name %>,

Someone asked to set a new password for your account. To choose one, open this link:

<%= it.link %>

The link works once, for <%= it.minutes %> minutes. If you did not ask, you can ignore this email: your password stays as it is.
`,
  html:
    '<p>Hi <%= it.name %>,</p><p>Someone asked to set a new password for your account. To choose one, open this link:</p>' +
    '<p><a href="<%= it.link %>">Choose a new password</a></p>' +
    '<p>The link works once, for <%= it.minutes %> minutes. If you did not ask, you can ignore this email: your password stays as it is.</p>',
});

/**
 * Emails a link to the account of this address, if there is one. The caller answers the same
 * either way, and the link is made and emailed after the answer: waiting for that (the mail
 * server above all) only when there is an account would tell, by the time taken, which
 * addresses have one. `onError` hears of a link that could not be made or sent.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, address: string, onError: (error: unknown) => void) {
  const rules = resetRules(ctx);
  // Counted for every address asked about, known or not, so the limits tell nothing either.
  const refusal = await take(ctx.db, [
    { rule: rules.email, subject: email },
    { rule: rules.address, subject: address },
  ]);
  if (refusal) {
    const what = refusal.bucket.rule === rules.address
      ? `password reset emails asked for from your network: at most ${rules.address.limit} an hour`
      : `password reset emails asked for this address: at most ${rules.email.limit} an hour`;
    throw refuse(refusal, what);
  }
  const user = await ctx.db.selectFrom('users').select(['id', 'email', 'primary_blog_id']).where('email', '=', email).executeTakeFirst();
  if (user) void sendResetLink(ctx, user).catch(onError);
}

async function sendResetLink(ctx: AppContext, user: { id: string; email: string; primary_blog_id: string | null }) {
  const token = newToken();
  await ctx.db.transaction().execute(async (trx) => {
    // The newest link is the only good one: an older email, perhaps read by someone else, is spent.
    await trx.deleteFrom('password_resets').where('user_id', '=', user.id).execute();
    await trx
      .insertInto('password_resets')
      .values({ token_hash: hashToken(token), user_id: user.id, expires_at: new Date(Date.now() + RESET_LINK_MINUTES * 60_000) })
      .execute();
  });
  const blogs = await blogsOfUser(ctx.db, user.id);
  const name = (blogs.find((b) => b.id === user.primary_blog_id) ?? blogs[0])?.name ?? user.email;
  // The token rides in the fragment: it reaches the page, never a server's log or a Referer.
  const link = `${ctx.config.publicUrl}${RESET_PAGE}#${token}`;
  await ctx.mailer.send({ to: user.email, subject: 'Choose a new password', ...resetBodies({ name, link, minutes: RESET_LINK_MINUTES }) });
}

export const usedUpReset = () =>
  new AppError(
    400,
    ErrorCode.invalidPasswordReset,
    'That password reset link is used up, replaced by a newer one or over an hour old. Ask for a new one.',
  );

/**
 * Sets the link's account's password and spends the link (and any other of the account's), ends
 * every session of the account, and answers whose it was. Two-factor stays as it was: the next
 * login still asks for the code. A password the strength rule refuses spends nothing. This
 * device's failed logins of the account are forgotten, so the new password works at once.
 */
export async function confirmPasswordReset(ctx: AppContext, token: string, newPassword: string, address: string): Promise<string> {
  const tokenHash = hashToken(token);
  const owner = await ctx.db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['users.id', 'users.email'])
    .where('password_resets.token_hash', '=', tokenHash)
    .where('password_resets.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!owner) throw usedUpReset();
  const blogs = await blogsOfUser(ctx.db, owner.id);
  try {
    await assertPasswordNotCommon(newPassword, [owner.email, owner.email.split('@')[0]!, ...blogs.map((b) => b.name)]);
  } catch (error) {
    // The strength rule names the registration's field; here the field is new_password.
    if (error instanceof AppError) throw invalidField('new_password', error.message);
    throw error;
  }
  const passwordHash = await hash(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    // Spending the link is the statement that decides: of two uses at once, one finds no row.
    const spent = await trx
      .deleteFrom('password_resets')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    if (!spent) throw usedUpReset();
    await trx.deleteFrom('password_resets').where('user_id', '=', owner.id).execute();
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', owner.id).execute();
    // Whoever was logged in, perhaps with the old password, is logged out everywhere.
    await trx.deleteFrom('sessions').where('user_id', '=', owner.id).execute();
  });
  await loginFailuresForgiven(ctx.db, { email: owner.email, address });
  return owner.id;
}
