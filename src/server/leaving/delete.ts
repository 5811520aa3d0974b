// Deleting a blog, or the whole account. Both are confirmed with the password (and the two-factor
// code when it is on), counted against the login limit like a login. The blogs are marked deleted in
// one transaction: from that statement on, the one visibility rule (visibility.ts) leaves them out of
// every page, list, search and conversation; the purge job (purge.ts) removes their posts, media and
// messages, and their rows once the name's quarantine ends. The email that says it was done goes last.
import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { lastBlogRefusal, TFA_CODE_NEEDED_TO_DELETE } from '../../shared/leaving';
import { assertOwnPassword } from '../account/credentials';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import type { Viewer } from '../http/session';
import { newToken } from '../http/tokens';
import { accountDeletedMail, blogDeletedMail } from './mail';

interface Confirmation {
  password: string;
  code?: string | undefined;
}

/**
 * The password, then the code when two-factor is on: a missing code is a 400 that asks for it (the
 * right password is no guess, so it does not stay counted), a wrong one the settings' 400.
 */
async function confirm(ctx: AppContext, viewer: Viewer, input: Confirmation, address: string) {
  const tfaOn = viewer.user.tfa_secret !== null;
  if (tfaOn && input.code === undefined) {
    await assertOwnPassword(ctx, viewer, input.password, address, 'password');
    throw invalidField('code', TFA_CODE_NEEDED_TO_DELETE);
  }
  await assertOwnPassword(ctx, viewer, input.password, address, 'password', tfaOn ? input.code : undefined);
}

/** Follows and subscriptions of these blogs end with them: following lists and counts drop them at once. */
async function endFollowsOf(trx: Db, blogIds: string[]) {
  if (blogIds.length === 0) return;
  await trx.deleteFrom('follows').where('blog_id', 'in', blogIds).execute();
  await trx.deleteFrom('subscriptions').where('blog_id', 'in', blogIds).execute();
}

export const lastBlog = (name: string) => new AppError(400, ErrorCode.lastBlog, lastBlogRefusal(name));

/**
 * Deletes one of the viewer's blogs, not their last one. The user row is locked first, so two
 * deletions at once of an account's last two blogs cannot both see the other still there.
 */
export async function deleteBlog(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: Confirmation, address: string): Promise<void> {
  await confirm(ctx, viewer, input, address);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', viewer.user.id).forUpdate().executeTakeFirstOrThrow();
    const others = await trx
      .selectFrom('blogs')
      .select('id')
      .where('user_id', '=', viewer.user.id)
      .where('deleted_at', 'is', null)
      .where('id', '!=', blog.id)
      .orderBy('id')
      .execute();
    if (others.length === 0) throw lastBlog(blog.name);
    const marked = await trx
      .updateTable('blogs')
      .set({ deleted_at: new Date() })
      .where('id', '=', blog.id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    // Deleted by a request a moment ago: the same 404 the loader gives a blog not there.
    if (!marked) throw new AppError(404, ErrorCode.blogNotFound, `There is no blog named "${blog.name}".`);
    await endFollowsOf(trx, [blog.id]);
    // The primary blog moves to the oldest one left; the current blog to the primary.
    const user = await trx.selectFrom('users').select(['primary_blog_id', 'current_blog_id']).where('id', '=', viewer.user.id).executeTakeFirstOrThrow();
    const primary = user.primary_blog_id === blog.id || user.primary_blog_id === null ? others[0]!.id : user.primary_blog_id;
    const current = user.current_blog_id === blog.id ? primary : user.current_blog_id;
    await trx.updateTable('users').set({ primary_blog_id: primary, current_blog_id: current }).where('id', '=', viewer.user.id).execute();
  });
  // Done either way: an email that cannot go now changes nothing of it.
  await blogDeletedMail(ctx, viewer.user.email, blog.name).catch(() => {});
}

/**
 * Deletes the account: every blog of it, every session (this one too), and the ways in: the email
 * address is freed and the password and two-factor secret wiped, so nobody logs in to it again.
 * The blogs' names stay held through the quarantine (blogs/service.ts).
 */
export async function deleteAccount(ctx: AppContext, viewer: Viewer, input: Confirmation, address: string): Promise<string[]> {
  await confirm(ctx, viewer, input, address);
  const userId = viewer.user.id;
  // A hash of a random secret nobody holds: no password verifies against it.
  const unusable = await hash(newToken());
  const names = await ctx.db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('users').select('deleted_at').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (locked.deleted_at) return [];
    const now = new Date();
    const blogs = await trx
      .updateTable('blogs')
      .set({ deleted_at: now })
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .returning(['id', 'name'])
      .execute();
    await endFollowsOf(trx, blogs.map((b) => b.id));
    // The account's own follows end too: other blogs' follower lists and counts drop it at once.
    await trx.deleteFrom('follows').where('user_id', '=', userId).execute();
    await trx.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
    await trx
      .updateTable('users')
      .set({
        deleted_at: now,
        email: `deleted-${userId}@deleted.invalid`,
        email_verified_at: null,
        password_hash: unusable,
        tfa_secret: null,
        tfa_pending_secret: null,
        polling_token: randomBytes(32).toString('hex'),
        email_new_followers: false,
        email_asks: false,
        email_messages: false,
      })
      .where('id', '=', userId)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    await trx.deleteFrom('tfa_recovery_codes').where('user_id', '=', userId).execute();
    return blogs.map((b) => b.name);
  });
  // Its polling token changed: every process forgets the old one and ends the streams it opened.
  if (names.length > 0) await ctx.live.userChanged(userId);
  await accountDeletedMail(ctx, viewer.user.email, names).catch(() => {});
  return names;
}
