import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { SHARE_EMAIL } from '../../shared/share/constants';
import { SHARE_MESSAGES } from '../../shared/share/schemas';
import type { ShareEmailResponse } from '../../shared/share/types';
import { ErrorCode } from '../http/errors';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, markVerified, post, readOutbox, register, type Session, type TestApp } from '../test/test-app';
import { VERIFY_TO_EMAIL } from './email';

let t: TestApp;
let ann: Session;
let bob: Session;
let annPost: PostView;

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
  await markVerified(t.db, ann, bob);
  annPost = await createPost(t.app, ann, textPost('Sunset over the bay'));
});
afterAll(() => t.close());

/** The newest email to this address, or undefined. Long headers are unfolded first. */
async function mailTo(address: string): Promise<string | undefined> {
  const mails = (await readOutbox(t.dataDir)).map((m) => m.replace(/\n[ \t]+/g, ' '));
  return mails.filter((m) => new RegExp(`^To: ${address.replace(/[.]/g, '\\.')}$`, 'm').test(m)).at(-1);
}

const userId = async (s: Session) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', s.body.response.user.email).executeTakeFirstOrThrow()).id;

const sentRows = async (s: Session) =>
  t.db.selectFrom('share_emails').selectAll().where('user_id', '=', await userId(s)).execute();

describe('POST /svc/share/email', () => {
  it('refuses an account whose address is not verified yet, with what to do, and sends nothing', async () => {
    const newcomer = await register(t.app);
    const before = { rows: await countRows(t.db), mails: (await readOutbox(t.dataDir)).length };
    const fields = { email_address: 'stranger@example.org', message: 'hi' };
    expectError(await post(t.app, '/svc/share/email', { ...fields, post_id: annPost.id, tumblelog_name: blogOf(ann) }, asOwner(newcomer)), 403, VERIFY_TO_EMAIL);
    expectError(await post(t.app, '/svc/email_tumblelog', { ...fields, tumblelog_name: blogOf(ann) }, asOwner(newcomer)), 403, VERIFY_TO_EMAIL);
    expect({ rows: await countRows(t.db), mails: (await readOutbox(t.dataDir)).length }).toEqual(before);
    // Once verified, the same send goes out.
    await markVerified(t.db, newcomer);
    expectOk(await post(t.app, '/svc/share/email', { ...fields, post_id: annPost.id, tumblelog_name: blogOf(ann) }, asOwner(newcomer)));
  });

  it('sends a real email with the post link and the message, without Reply-To unless asked', async () => {
    const body = { email_address: 'friend@example.org', message: 'You will like this.\nTrust me & see', post_id: annPost.id, tumblelog_name: blogOf(ann) };
    const answer = expectOk<ShareEmailResponse>(await post(t.app, '/svc/share/email', body, asOwner(bob)));
    expect(answer).toEqual({ sent: true, remaining: SHARE_EMAIL.perHour - 1 });
    const mail = (await mailTo('friend@example.org'))!;
    expect(mail).toBeDefined();
    expect(mail).toMatch(new RegExp(`^Subject: ${blogOf(bob)} sent you a post from ${blogOf(ann)}$`, 'm'));
    expect(mail).toContain(annPost.post_url);
    expect(mail).toContain('You will like this.');
    expect(mail).toContain('Trust me &amp; see');
    expect(mail).not.toMatch(/^Reply-To:/im);
    const rows = await sentRows(bob);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ post_id: annPost.id, blog_id: null, email_address: 'friend@example.org' });
  });

  it("sets Reply-To to the sender's address when allow_reply_to is on (forms too)", async () => {
    const form = new URLSearchParams({ email_address: 'pal@example.org', message: '', post_id: annPost.id, allow_reply_to: 'on' });
    expectOk(await post(t.app, '/svc/share/email', form, asOwner(bob)));
    const mail = (await mailTo('pal@example.org'))!;
    expect(mail).toMatch(new RegExp(`^Reply-To: ${bob.body.response.user.email}$`, 'im'));
    expect(mail).toContain(`Reply to this email to answer ${blogOf(bob)}.`);
  });

  it.each([
    [{}, SHARE_MESSAGES.addressMissing, 'email_address'],
    [{ email_address: '  ' }, SHARE_MESSAGES.addressMissing, 'email_address'],
    [{ email_address: 'not-an-address' }, SHARE_MESSAGES.addressInvalid, 'email_address'],
    [{ email_address: 'a@b' }, SHARE_MESSAGES.addressInvalid, 'email_address'],
    [{ email_address: `${'a'.repeat(90)}@example.com` }, SHARE_MESSAGES.addressTooLong, 'email_address'],
    [{ email_address: 'x@example.org', message: 'm'.repeat(256) }, SHARE_MESSAGES.messageTooLong, 'message'],
    [{ email_address: 'x@example.org', post_id: undefined }, SHARE_MESSAGES.postMissing, 'post_id'],
    [{ email_address: 'x@example.org', post_id: '12a' }, SHARE_MESSAGES.postInvalid, 'post_id'],
    [{ email_address: 'x@example.org', allow_reply_to: 'maybe' }, 'allow_reply_to must be true or false.', 'allow_reply_to'],
  ])('%j → 400, and nothing is sent', async (fields, message, field) => {
    const before = (await readOutbox(t.dataDir)).length;
    const rowsBefore = (await sentRows(bob)).length;
    const res = await post(t.app, '/svc/share/email', { post_id: annPost.id, ...fields }, asOwner(bob));
    const body = expectError(res, 400, message);
    expect(body.errors![0]!.field).toBe(field);
    expect((await readOutbox(t.dataDir)).length).toBe(before);
    expect((await sentRows(bob)).length).toBe(rowsBefore);
  });

  it('takes an address of exactly 100 characters and a message of exactly 255', async () => {
    const address = `${'a'.repeat(88)}@example.com`;
    expect(address).toHaveLength(100);
    expectOk(await post(t.app, '/svc/share/email', { email_address: address, message: 'm'.repeat(255), post_id: annPost.id }, asOwner(ann)));
    expect(await mailTo(address)).toBeDefined();
  });

  it('answers 401 logged out, 403 without the form key, 404 for a hidden post or the wrong blog', async () => {
    const body = { email_address: 'x@example.org', post_id: annPost.id };
    expectError(await post(t.app, '/svc/share/email', body), 401, 'You need to log in to do that.');
    expectError(await post(t.app, '/svc/share/email', body, { cookie: bob.cookie }), 403);
    const priv = await createPost(t.app, ann, { ...textPost('Private'), 'post[state]': 'private' });
    expectError(await post(t.app, '/svc/share/email', { ...body, post_id: priv.id }, asOwner(bob)), 404);
    expectError(await post(t.app, '/svc/share/email', { ...body, post_id: priv.id }, asOwner(ann)), 403);
    expectError(await post(t.app, '/svc/share/email', { ...body, tumblelog_name: blogOf(bob) }, asOwner(bob)), 404);
    expect(await mailTo('x@example.org')).toBeUndefined();
  });

  it('allows 10 emails an hour per sender, then answers 429 with when to try again', async () => {
    const carl = await register(t.app);
    await markVerified(t.db, carl);
    const carlId = await userId(carl);
    const now = Date.now();
    // Eight sends in the last hour (the oldest 50 minutes ago), and one two hours ago that no longer counts.
    await t.db.insertInto('share_emails').values([
      ...Array.from({ length: 8 }, (_, i) => ({ user_id: carlId, post_id: annPost.id, email_address: `old${i}@example.org`, created_at: new Date(now - (50 - i) * 60_000) })),
      { user_id: carlId, post_id: annPost.id, email_address: 'older@example.org', created_at: new Date(now - 2 * 3_600_000) },
    ]).execute();
    const send = (to: string) => post(t.app, '/svc/share/email', { email_address: to, post_id: annPost.id }, asOwner(carl));
    expect(expectOk<ShareEmailResponse>(await send('ninth@example.org')).remaining).toBe(1);
    expect(expectOk<ShareEmailResponse>(await send('tenth@example.org')).remaining).toBe(0);
    const res = await send('eleventh@example.org');
    const body = expectError(res, 429, /^Too many emailed shares: at most 10 an hour\. Try again in (10|11) minutes \(at \d\d:\d\d UTC\)\.$/);
    expect(body.errors![0]!.code).toBe(ErrorCode.rateLimited);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(9 * 60);
    expect(retryAfter).toBeLessThanOrEqual(10 * 60);
    expect(await mailTo('eleventh@example.org')).toBeUndefined();
    // Blog shares count against the same hour; another sender is not limited by Carl's sends.
    expectError(await post(t.app, '/svc/email_tumblelog', { email_address: 'b@example.org', tumblelog_name: blogOf(ann) }, asOwner(carl)), 429);
    expectOk(await post(t.app, '/svc/share/email', { email_address: 'eleventh@example.org', post_id: annPost.id }, asOwner(ann)));
  });
});

describe('POST /svc/email_tumblelog', () => {
  it('sends a blog by email', async () => {
    const res = await post(t.app, '/svc/email_tumblelog', { email_address: 'blogfan@example.org', message: 'Follow them', tumblelog_name: blogOf(ann), allow_reply_to: true }, asOwner(bob));
    expectOk(res);
    const mail = (await mailTo('blogfan@example.org'))!;
    expect(mail).toMatch(new RegExp(`^Subject: ${blogOf(bob)} wants you to see ${blogOf(ann)}$`, 'm'));
    expect(mail).toContain(`http://localhost:3000/blog/${blogOf(ann)}`);
    expect(mail).toContain('Follow them');
    expect(mail).toMatch(/^Reply-To: /m);
    const rows = await sentRows(bob);
    expect(rows.at(-1)).toMatchObject({ post_id: null, email_address: 'blogfan@example.org' });
    expect(rows.at(-1)!.blog_id).not.toBeNull();
  });

  it('answers 404 for an unknown blog, 400 without one, 401 logged out', async () => {
    expectError(await post(t.app, '/svc/email_tumblelog', { email_address: 'x@example.org', tumblelog_name: 'no-such-blog-here' }, asOwner(bob)), 404);
    expectError(await post(t.app, '/svc/email_tumblelog', { email_address: 'x@example.org' }, asOwner(bob)), 400, SHARE_MESSAGES.blogMissing);
    expectError(await post(t.app, '/svc/email_tumblelog', { email_address: 'x@example.org', tumblelog_name: blogOf(ann) }), 401, 'You need to log in to do that.');
  });
});
