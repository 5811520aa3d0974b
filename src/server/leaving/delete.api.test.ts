// Issue 24.11, deleting: a deleted blog leaves every page, list, search and conversation at once;
// the last blog alone is refused; the password (and code) confirm, counted like logins; deleting the
// account ends every session; the purge removes posts, media and messages; the name's quarantine.
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TfaSetup } from '../../shared/account-settings';
import { LOGIN_FAILURE_LIMIT } from '../../shared/constants';
import type { PostPage, PostView } from '../../shared/posts/types';
import type { BlogSearchPage, PostSearchPage } from '../../shared/search/site';
import { ErrorCode } from '../http/errors';
import { keyOfUrl } from '../media/storage';
import { png, upload, uploadedGifUrl } from '../media/test-files';
import { inbox, messagesOf, sendIn, sendTo, sent, type Person } from '../messaging/test-kit';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import {
  countRows, createTestApp, expectError, expectOk, get, login, markVerified, newAccount, post, readOutbox, register, userByEmail, userInfo, type Session, type TestApp,
} from '../test/test-app';
import { runPurgeOnce } from './purge';

const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 3600_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let addresses = 0;
/** Each call from its own client address, so the login limits meet only the test that is about them. */
const deleteBlog = (s: Session, name: string, body: Record<string, unknown>, remoteAddress = `198.51.100.${++addresses}`) =>
  t.app.inject({ method: 'POST', url: `/svc/blog/${name}/delete`, payload: body, remoteAddress, headers: { cookie: s.cookie, 'x-form-key': s.formKey } });
const deleteAccount = (s: Session, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/svc/account/delete', payload: body, remoteAddress: `198.51.100.${++addresses}`, headers: { cookie: s.cookie, 'x-form-key': s.formKey } });

const verifiedUser = async (account = newAccount()) => {
  const s = await register(t.app, account);
  await markVerified(t.db, s);
  return s;
};
const personOf = async (s: Session, name?: string): Promise<Person> => {
  const info = await userInfo(t.app, asOwner(s));
  const channel = info.channels.find((c) => c.name === (name ?? info.primary))!;
  return { s, name: channel.name, uuid: channel.uuid, token: info.polling_token! };
};
const blogRow = (name: string) => t.db.selectFrom('blogs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const searchPosts = async (q: string, s: Session) => expectOk<PostSearchPage>(await get(t.app, `/svc/search/posts?q=${q}&sort=recent`, asOwner(s))).posts;
const dashboard = async (s: Session) => expectOk<PostPage>(await get(t.app, '/svc/post/dashboard/before/0', asOwner(s))).posts;
const mailsTo = async (email: string, subject: string) => (await readOutbox(t.dataDir)).filter((m) => m.includes(`To: ${email}`) && m.includes(subject));

let colours = 0;
/** An image no other test uploads (its own colour): its file is this upload's alone. */
async function uniqueImageUrl(s: Session): Promise<string> {
  colours += 1;
  const colour = `#${(0x102030 + colours * 0x010203).toString(16).padStart(6, '0')}`;
  const res = await upload(t.app, asOwner(s), { data: await png(48, 32, colour), filename: 'own.png', contentType: 'image/png' });
  return expectOk<{ url: string }[]>(res)[0]!.url;
}

/** An owner with two blogs, the second with a post, a follower, a conversation and an uploaded file. */
async function ownerWithSecondBlog() {
  const owner = await verifiedUser();
  const reader = await verifiedUser();
  const second = `${blogOf(owner)}-b`;
  expectOk(await post(t.app, '/svc/blog/create', { name: second }, asOwner(owner)));
  // The posts are made on the second blog, and so is the message (the new blog is the current one).
  const gif = await uniqueImageUrl(owner);
  const words: PostView = await createPost(t.app, owner, { ...textPost(`Zanzibar ${second}`), 'post[tags]': 'zanzibar', channel_id: second });
  const photo = await createPost(t.app, owner, { 'post[type]': 'photo', 'images[o1]': gif, channel_id: second });
  expect(words.blog.name).toBe(second);
  expectOk(await post(t.app, '/svc/follow', { tumblelog: second }, asOwner(reader)));
  const conversation = await sent(await sendTo(t.app, await personOf(reader), await personOf(owner, second), 'Hello second blog'));
  return { owner, reader, second, words, photo, gif, conversationId: conversation.id };
}

describe('POST /svc/blog/{name}/delete', () => {
  it('takes the blog out of every page, list, search and conversation at once, and emails the owner', async () => {
    const { owner, reader, second, words, conversationId } = await ownerWithSecondBlog();
    // Before: everywhere.
    expect((await searchPosts('zanzibar', reader)).map((p) => p.id)).toContain(words.id);
    expect((await dashboard(reader)).map((p) => p.id)).toContain(words.id);
    expect(expectOk<BlogSearchPage>(await get(t.app, `/svc/search/blogs?q=${second}`, asOwner(reader))).blogs.map((b) => b.name)).toContain(second);
    expect((await inbox(t.app, await personOf(reader))).conversations.map((c) => c.id)).toEqual([conversationId]);

    const done = expectOk(await deleteBlog(owner, second, { password: PASSWORD }));
    expect(done).toEqual({ deleted: true, name: second });

    // After: nowhere, for the reader and for its owner.
    for (const s of [reader, owner]) {
      expect((await searchPosts('zanzibar', s)).map((p) => p.id)).not.toContain(words.id);
      expect((await dashboard(s)).map((p) => p.id)).not.toContain(words.id);
      expect(expectOk<BlogSearchPage>(await get(t.app, `/svc/search/blogs?q=${second}`, asOwner(s))).blogs).toEqual([]);
      expectError(await get(t.app, `/svc/data/tumblelog?tumblelog=${second}`, asOwner(s)), 404);
      expectError(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${second}`, asOwner(s)), 404);
      expectError(await get(t.app, `/svc/post/blog/${second}/before/0`, asOwner(s)), 404);
      expectError(await get(t.app, `/svc/tumblelog/${second}/peepr?post_id=${words.id}`, asOwner(s)), 404);
    }
    expect(expectOk<PostPage>(await get(t.app, '/svc/tagged/zanzibar')).posts).toEqual([]);
    expect(expectOk<{ blogs: { name: string }[] }>(await get(t.app, '/svc/following', asOwner(reader))).blogs).toEqual([]);
    const readerPerson = await personOf(reader);
    expect((await inbox(t.app, readerPerson)).conversations).toEqual([]);
    expectError(await messagesOf(t.app, readerPerson, conversationId), 404);
    expectError(await sendIn(t.app, readerPerson, conversationId, 'Still there?'), 404);
    // The owner's account goes on with its first blog, current and primary.
    const info = await userInfo(t.app, asOwner(owner));
    expect(info.channels.map((c) => c.name)).toEqual([blogOf(owner)]);
    expect(info.primary).toBe(blogOf(owner));
    expect(await mailsTo(owner.body.response.user.email, `Your blog "${second}" is deleted`)).toHaveLength(1);
    // Its rows wait for the purge; the name is held.
    expect((await blogRow(second)).deleted_at).not.toBeNull();
  });

  it('refuses the account\'s only blog (400), a wrong password and a missing code, changing nothing', async () => {
    const owner = await verifiedUser();
    const stranger = await verifiedUser();
    const before = await countRows(t.db);
    const only = expectError(await deleteBlog(owner, blogOf(owner), { password: PASSWORD }), 400,
      `"${blogOf(owner)}" is your only blog. Make another blog first, or delete your whole account.`);
    expect(only.errors![0]!.code).toBe(ErrorCode.lastBlog);
    expectError(await deleteBlog(owner, blogOf(owner), { password: 'not my password' }), 400, 'That is not your current password.');
    expectError(await deleteBlog(owner, blogOf(owner), {}), 400, 'Enter your password to delete this blog.');
    // Another person's blog is the same 404 as none.
    expectError(await deleteBlog(stranger, blogOf(owner), { password: PASSWORD }), 404);
    expect(await countRows(t.db)).toEqual(before);
    expect((await blogRow(blogOf(owner))).deleted_at).toBeNull();

    // Two-factor on: the code is asked for, then taken.
    const second = `${blogOf(owner)}-2`;
    expectOk(await post(t.app, '/svc/blog/create', { name: second }, asOwner(owner)));
    const setup = expectOk<TfaSetup>(await post(t.app, '/svc/account/tfa/setup', {}, asOwner(owner)));
    expectOk(await post(t.app, '/svc/account/tfa/enable', { code: await generate({ secret: setup.secret }) }, asOwner(owner)));
    expectError(await deleteBlog(owner, second, { password: PASSWORD }), 400, 'Enter the code from your authenticator app: two-factor login is on.');
    expectError(await deleteBlog(owner, second, { password: PASSWORD, code: '000000' }), 400, /That code is not right/);
    expect((await blogRow(second)).deleted_at).toBeNull();
    const code = await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expectOk(await deleteBlog(owner, second, { password: PASSWORD, code }));
    expect((await blogRow(second)).deleted_at).not.toBeNull();
  });

  it('counts wrong passwords like logins: 429 after the limit', async () => {
    const owner = await verifiedUser();
    const address = '203.0.113.99';
    for (let i = 0; i < LOGIN_FAILURE_LIMIT; i++) expectError(await deleteBlog(owner, blogOf(owner), { password: `guess ${i}` }, address), 400);
    const limited = expectError(await deleteBlog(owner, blogOf(owner), { password: PASSWORD }, address), 429);
    expect(limited.errors![0]!.code).toBe(ErrorCode.tooManyLogins);
  });
});

describe('POST /svc/account/delete', () => {
  it('deletes every blog, ends every session, frees the email and emails the old address', async () => {
    const account = newAccount('leaver');
    const s = await verifiedUser(account);
    const other = await login(t.app, { email: account.email, password: PASSWORD });
    const second = `${blogOf(s)}-x`;
    expectOk(await post(t.app, '/svc/blog/create', { name: second }, asOwner(s)));
    const fan = await verifiedUser();
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(s) }, asOwner(fan)));
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(fan) }, asOwner(s)));

    expectError(await deleteAccount(s, { password: 'wrong' }), 400, 'That is not your current password.');
    const res = await deleteAccount(s, { password: PASSWORD });
    expect(expectOk(res)).toEqual({ deleted: true });
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');

    for (const session of [s, other]) expectError(await get(t.app, '/svc/user/info', asOwner(session)), 401);
    expectError(await post(t.app, '/svc/account/login', { email: account.email, password: PASSWORD }), 401, 'Wrong email or password.');
    for (const name of [blogOf(s), second]) expect((await blogRow(name)).deleted_at).not.toBeNull();
    expect(expectOk<{ blogs: unknown[] }>(await get(t.app, '/svc/following', asOwner(fan))).blogs).toEqual([]);
    expect(await mailsTo(account.email, 'Your account is deleted')).toHaveLength(1);

    // The address may register again; the blog names are held through the quarantine.
    const again = await post(t.app, '/svc/account/register', { ...newAccount('back'), email: account.email });
    expect(again.statusCode).toBe(200);
    const held = expectError(await post(t.app, '/svc/account/register', { ...newAccount('late'), blog_name: second }), 409);
    expect(held.errors![0]).toMatchObject({ code: ErrorCode.blogNameHeld, field: 'blog_name' });
    expect(held.meta.msg).toMatch(new RegExp(`^The blog name "${second}" belonged to a deleted blog and is held until \\w+ \\d+, \\d{4}\\. Try another one\\.$`));
    const creator = await verifiedUser();
    expectError(await post(t.app, '/svc/blog/create', { name: second }, asOwner(creator)), 409, /belonged to a deleted blog/);
  });
});

describe('the purge and the quarantine', () => {
  it('removes the posts, the conversations and the files nothing else shows, then frees the name', async () => {
    const { owner, second, words, photo, gif, conversationId } = await ownerWithSecondBlog();
    const key = keyOfUrl(gif)!;
    expect(await t.ctx.media.exists(key)).toBe(true);
    expectOk(await deleteBlog(owner, second, { password: PASSWORD }));
    // Nothing is removed until the job runs.
    expect(await t.db.selectFrom('posts').select('id').where('id', 'in', [words.id, photo.id]).execute()).toHaveLength(2);

    const first = await runPurgeOnce(t.ctx);
    expect(first.blogs).toBeGreaterThanOrEqual(1);
    const row = await blogRow(second);
    expect(row.purged_at).not.toBeNull();
    expect(await t.db.selectFrom('posts').select('id').where('blog_id', '=', row.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('conversations').select('id').where('id', '=', conversationId).execute()).toEqual([]);
    expect(await t.db.selectFrom('messages').select('id').where('conversation_id', '=', conversationId).execute()).toEqual([]);
    expect(await t.ctx.media.exists(key)).toBe(false);
    expect(await t.db.selectFrom('media').select('id').where('sha256', '=', key.split('/')[2]!.slice(0, 64)).execute()).toEqual([]);
    // A second pass finds nothing more to do for it.
    expect((await runPurgeOnce(t.ctx)).blogs).toBe(0);

    // Within the quarantine the name is held; after it, the row goes and the name is free.
    const newcomer = await verifiedUser();
    expectError(await post(t.app, '/svc/blog/create', { name: second }, asOwner(newcomer)), 409);
    await t.db.updateTable('blogs').set({ deleted_at: new Date(Date.now() - 31 * DAY_MS) }).where('id', '=', row.id).execute();
    expect((await runPurgeOnce(t.ctx)).freed).toBeGreaterThanOrEqual(1);
    expect(await t.db.selectFrom('blogs').select('id').where('id', '=', row.id).execute()).toEqual([]);
    expectOk(await post(t.app, '/svc/blog/create', { name: second }, asOwner(newcomer)));
  });

  it('keeps a file another upload still names, and removes a deleted account once its quarantine ends', async () => {
    const account = newAccount('gone');
    const s = await verifiedUser(account);
    const twin = await verifiedUser();
    // Both upload the same bytes: the same stored file, two upload rows.
    const gif = await uploadedGifUrl(t.app, asOwner(s));
    expect(await uploadedGifUrl(t.app, asOwner(twin))).toBe(gif);
    await createPost(t.app, s, { 'post[type]': 'photo', 'images[o1]': gif });
    const userId = (await userByEmail(t.db, account.email)).id;
    expectOk(await deleteAccount(s, { password: PASSWORD }));
    await runPurgeOnce(t.ctx);
    expect(await t.ctx.media.exists(keyOfUrl(gif)!)).toBe(true);
    expect(await t.db.selectFrom('media').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    await t.db.updateTable('users').set({ deleted_at: new Date(Date.now() - 31 * DAY_MS) }).where('id', '=', userId).execute();
    await t.db.updateTable('blogs').set({ deleted_at: new Date(Date.now() - 31 * DAY_MS) }).where('user_id', '=', userId).execute();
    await runPurgeOnce(t.ctx);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
  });
});
