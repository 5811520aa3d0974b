import { hash, verify } from '@node-rs/argon2';
import type { RegisterInput, LoginInput } from '../../shared/account';
import { blogNameTaken, insertBlog } from '../blogs/service';
import type { AppContext } from '../context';
import { uniqueViolation } from '../db/errors';
import { AppError, ErrorCode, conflict } from '../http/errors';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-limit';
import { newVerificationLink, sendVerificationEmail } from './verification';

const emailTaken = () =>
  conflict(ErrorCode.emailTaken, 'email', 'An account with this email address already exists. Log in instead?');

// Verified against when the email is unknown, so a wrong email takes as long as a wrong password.
const DUMMY_HASH = hash('not-a-real-password-just-for-timing');

/**
 * Creates the user, their primary blog and a verification token in one transaction, so a
 * failure anywhere leaves nothing behind. The email goes out after the commit.
 */
export async function register(ctx: AppContext, input: RegisterInput) {
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
export async function checkCredentials(ctx: AppContext, input: LoginInput): Promise<string> {
  await assertLoginAllowed(ctx.db, input.email);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', input.email)
    .executeTakeFirst();
  const good = await verify(user?.password_hash ?? (await DUMMY_HASH), input.password).catch(() => false);
  if (!user || !good) {
    await recordLoginFailure(ctx.db, input.email);
    throw new AppError(401, ErrorCode.wrongCredentials, 'Wrong email or password.');
  }
  await clearLoginFailures(ctx.db, input.email);
  return user.id;
}
