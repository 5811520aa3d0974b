import { hash, verify } from '@node-rs/argon2';
import type { RegisterInput, LoginInput } from '../../shared/account';
import { blogNameTaken, insertBlog } from '../blogs/service';
import type { AppContext } from '../context';
import { uniqueViolation } from '../db/errors';
import { AppError, ErrorCode, conflict } from '../http/errors';
import { refuse, take, type LimitRule } from '../limits/rate-limit';
import { loginAttemptGivenBack, loginSucceeded, takeLoginAttempt, type LoginAttempt } from './login-limit';
import { spendTfaCode, tfaCodeNeeded } from './tfa';
import { assertPasswordNotCommon } from './password-strength';
import { newVerificationLink, sendVerificationEmail } from './verification';

const emailTaken = () =>
  conflict(ErrorCode.emailTaken, 'email', 'An account with this email address already exists. Log in instead?');

// Verified against when the email is unknown, so a wrong email takes as long as a wrong password.
const DUMMY_HASH = hash('not-a-real-password-just-for-timing');

const registrationRule = (ctx: AppContext): LimitRule => ({
  name: 'register-address',
  limit: ctx.config.limits.registrationsPerHour,
  windowMs: 60 * 60_000,
});

/**
 * Creates the user, their primary blog and a verification token in one transaction, so a
 * failure anywhere leaves nothing behind. The email goes out after the commit. Each attempt
 * from a client address counts, before the costly hash and the email, so a burst cannot send
 * a flood of emails.
 */
export async function register(ctx: AppContext, input: RegisterInput, address: string) {
  await assertPasswordNotCommon(input.password, [input.email, input.email.split('@')[0]!, input.blog_name]);
  const refusal = await take(ctx.db, [{ rule: registrationRule(ctx), subject: address }]);
  if (refusal) {
    throw refuse(refusal, 'new accounts from your network in the last hour');
  }
  const passwordHash = await hash(input.password);
  const { userId, link } = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const existing = await trx.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst();
      if (existing) throw emailTaken();
      const user = await trx
        .insertInto('users')
        .values({ email: input.email, password_hash: passwordHash })
        .returning('id')
        .executeTakeFirstOrThrow();
      const blog = await insertBlog(trx, user.id, input.blog_name, input.blog_name);
      await trx
        .updateTable('users')
        .set({ primary_blog_id: blog.id, current_blog_id: blog.id })
        .where('id', '=', user.id)
        .execute();
      const link = await newVerificationLink(trx, ctx.config.publicUrl, user.id);
      return { userId: user.id, link };
    })
    .catch((error) => {
      const constraint = uniqueViolation(error);
      if (constraint === 'users_email_key') throw emailTaken();
      if (constraint === 'blogs_name_key') throw blogNameTaken(input.blog_name);
      throw error;
    });
  let verificationEmailSent = true;
  try {
    await sendVerificationEmail(ctx, input.email, input.blog_name, link);
  } catch {
    // The account stands; the person can ask for the email again from the dashboard.
    verificationEmailSent = false;
  }
  return { userId, verificationEmailSent };
}

/** The user id for a right email and password; a 401 (or 429 after too many tries) otherwise. */
export async function checkCredentials(ctx: AppContext, input: LoginInput, address: string): Promise<string> {
  const attempt: LoginAttempt = { email: input.email, address };
  await takeLoginAttempt(ctx.db, attempt);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash', 'tfa_secret'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  const good = await verify(user?.password_hash ?? (await DUMMY_HASH), input.password).catch(() => false);
  // A wrong guess stays counted: it was counted before it was checked.
  if (!user || !good) throw new AppError(401, ErrorCode.wrongCredentials, 'Wrong email or password.');
  if (user.tfa_secret) {
    // The right password without a code is no guess: it gives its attempt back. A wrong code
    // stays counted like a wrong password, so codes meet the same login limit.
    if (input.tfa_code === undefined) {
      await loginAttemptGivenBack(ctx.db, attempt);
      throw tfaCodeNeeded(false);
    }
    if (!(await spendTfaCode(ctx.db, user.id, input.tfa_code))) throw tfaCodeNeeded(true);
  }
  await loginSucceeded(ctx.db, attempt);
  return user.id;
}
