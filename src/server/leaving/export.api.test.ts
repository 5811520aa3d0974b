// Issue 24.11, the export: what the ZIP holds, one export at a time, the emailed link's week, and who
// may download. The job runs here by a direct call (runLeavingJobsOnce), as the server's poller would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataExportAnswer } from '../../shared/leaving';
import { ErrorCode } from '../http/errors';
import { keyOfUrl } from '../media/storage';
import { uploadedGifUrl } from '../media/test-files';
import { sendTo, sent, type Person } from '../messaging/test-kit';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, markVerified, post, readOutbox, register, userByEmail, userInfo, type Session, type TestApp } from '../test/test-app';
import { readZip } from '../test/zip';
import { runLeavingJobsOnce } from './jobs';

const log = { error: () => {} };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const EXPORT = '/svc/account/export';
const personOf = async (s: Session): Promise<Person> => {
  const info = await userInfo(t.app, asOwner(s));
  return { s, name: info.channels[0]!.name, uuid: info.channels[0]!.uuid, token: info.polling_token! };
};
const verifiedUser = async () => {
  const s = await register(t.app);
  await markVerified(t.db, s);
  return s;
};
const idOf = async (s: Session) => (await userByEmail(t.db, s.body.response.user.email)).id;
const stateOf = async (s: Session) => expectOk<DataExportAnswer>(await get(t.app, EXPORT, asOwner(s))).export;

/** The emailed link's path to this address, newest first. */
async function linkFor(email: string): Promise<string> {
  const mails = (await readOutbox(t.dataDir)).filter((m) => m.includes(`To: ${email}`) && m.includes('Your export is ready'));
  const match = mails.at(-1)?.match(/\/svc\/account\/export\/download\/[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`No export email to ${email}`);
  return match[0];
}

describe('POST /svc/account/export, the job and the download', () => {
  it('makes a ZIP of every blog: posts with sanitized HTML, media, asks, messages, follows and blocks', async () => {
    const me = await verifiedUser();
    const friend = await verifiedUser();
    const followed = await verifiedUser();
    const blockedOne = await verifiedUser();
    const second = `${blogOf(me)}-two`;
    expectOk(await post(t.app, '/svc/blog/create', { name: second, title: 'Second' }, asOwner(me)));
    expectOk(await post(t.app, '/svc/blog/select', { tumblelog: blogOf(me) }, asOwner(me)));
    // A post whose HTML carried a script: the export holds what was stored, sanitized.
    await createPost(t.app, me, textPost('Exported words', '<p>Kept <b>bold</b></p><script>alert(1)</script>'));
    expectOk(await savePost(t.app, me, { ...textPost('A draft to keep'), 'post[state]': '1' }));
    const gif = await uploadedGifUrl(t.app, asOwner(me));
    await createPost(t.app, me, { 'post[type]': 'photo', 'images[o1]': gif });
    expectOk(await post(t.app, `/svc/blog/${blogOf(me)}/settings`, { asks: true }, asOwner(me)));
    expectOk(await post(t.app, '/svc/post/ask', { recipient: blogOf(me), question: 'What is in the box?', anonymous: false }, asOwner(friend)));
    await sent(await sendTo(t.app, await personOf(friend), await personOf(me), 'A message to export'));
    await sent(await sendTo(t.app, await personOf(followed), await personOf(me), 'Another conversation'));
    await sent(await sendTo(t.app, await personOf(me), await personOf(friend), 'A reply to export'));
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(followed) }, asOwner(me)));
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(me), blocked_tumblelog: blogOf(blockedOne) }, asOwner(me)));

    const asked = expectOk<DataExportAnswer>(await post(t.app, EXPORT, {}, asOwner(me))).export!;
    expect(asked).toMatchObject({ state: 'requested', download_url: null, expires_at: null });
    expect((await runLeavingJobsOnce(t.ctx, log)).exports).toEqual([asked.id]);
    const ready = (await stateOf(me))!;
    expect(ready).toMatchObject({ id: asked.id, state: 'ready', download_url: '/svc/account/export/file' });
    const week = new Date(ready.expires_at!).getTime() - Date.now();
    expect(week).toBeGreaterThan(6.9 * 24 * 3600_000);
    expect(week).toBeLessThanOrEqual(7 * 24 * 3600_000);

    // The emailed link needs no session; it streams the ZIP.
    const res = await t.app.inject({ method: 'GET', url: await linkFor(me.body.response.user.email) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="tumbleweed-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(Number(res.headers['content-length'])).toBe(ready.size);
    const zip = readZip(res.rawPayload);
    const jsonOf = <T>(name: string) => JSON.parse(zip.get(name)?.toString('utf8') ?? 'null') as T;
    const mine = blogOf(me);
    expect(jsonOf<{ email: string; blogs: string[] }>('account.json')).toMatchObject({ email: me.body.response.user.email, blogs: [mine, second] });
    expect(jsonOf<{ name: string }[]>('following.json').map((f) => f.name)).toEqual([blogOf(followed)]);
    const posts = jsonOf<{ state: string; content: { type: string; title?: string; body_html?: string } }[]>(`blogs/${mine}/posts.json`);
    const words = posts.find((p) => p.content.title === 'Exported words')!;
    expect(words.content.body_html).toContain('<b>bold</b>');
    expect(words.content.body_html).not.toContain('script');
    expect(posts.map((p) => p.state)).toEqual(expect.arrayContaining(['published', 'draft']));
    expect(posts.some((p) => p.content.type === 'photo')).toBe(true);
    expect(jsonOf<{ content: { question: string } }[]>(`blogs/${mine}/asks.json`).map((a) => a.content.question)).toEqual(['What is in the box?']);
    const conversations = jsonOf<{ with_blog: string; messages: { content: { text: string }; from_blog: string }[] }[]>(`blogs/${mine}/messages.json`);
    // Each conversation with its own messages, in order (read in one query for the page).
    expect(conversations).toMatchObject([
      { with_blog: blogOf(friend), messages: [{ from_blog: blogOf(friend), content: { text: 'A message to export' } }, { from_blog: mine, content: { text: 'A reply to export' } }] },
      { with_blog: blogOf(followed), messages: [{ from_blog: blogOf(followed), content: { text: 'Another conversation' } }] },
    ]);
    expect(conversations.map((c) => c.messages.length)).toEqual([2, 1]);
    expect(jsonOf<{ name: string }[]>(`blogs/${mine}/blocks.json`).map((b) => b.name)).toEqual([blogOf(blockedOne)]);
    expect(jsonOf<unknown[]>(`blogs/${second}/posts.json`)).toEqual([]);
    expect(jsonOf<{ name: string }>(`blogs/${second}/blog.json`)).toMatchObject({ name: second, title: 'Second' });
    // The uploaded file itself, byte for byte.
    const key = keyOfUrl(gif)!;
    const media = [...zip.keys()].filter((name) => name.startsWith(`blogs/${mine}/media/`));
    expect(media).toHaveLength(1);
    const stored = Buffer.concat(await (await t.ctx.media.read(key)).toArray());
    expect(zip.get(media[0]!)!.equals(stored)).toBe(true);
    expect(zip.get('README.txt')!.toString()).toContain('posts.json');

    // The settings page's link: the same file, for this session only.
    const own = await get(t.app, '/svc/account/export/file', asOwner(me));
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(res.rawPayload)).toBe(true);
    expectError(await get(t.app, '/svc/account/export/file', asOwner(friend)), 404);
  });

  it('takes one export at a time per account, even two asked in the same moment', async () => {
    const me = await verifiedUser();
    const [a, b] = await Promise.all([post(t.app, EXPORT, {}, asOwner(me)), post(t.app, EXPORT, {}, asOwner(me))]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = [a, b].find((r) => r.statusCode === 409)!;
    const error = expectError(refused, 409, 'Your export is already being made. We will email you a link when it is ready.');
    expect(error.errors![0]!.code).toBe(ErrorCode.exportInProgress);
    const rows = await t.db.selectFrom('data_exports').select('state').where('user_id', '=', await idOf(me)).execute();
    expect(rows).toEqual([{ state: 'requested' }]);
    // Once it is made, another may be asked for.
    await runLeavingJobsOnce(t.ctx, log);
    expect(expectOk<DataExportAnswer>(await post(t.app, EXPORT, {}, asOwner(me))).export!.state).toBe('requested');
  });

  it('ends the link after a week: 404, the file removed, the page says to ask again', async () => {
    const me = await verifiedUser();
    expectOk(await post(t.app, EXPORT, {}, asOwner(me)));
    await runLeavingJobsOnce(t.ctx, log);
    const link = await linkFor(me.body.response.user.email);
    const row = await t.db.selectFrom('data_exports').selectAll().where('user_id', '=', await idOf(me)).executeTakeFirstOrThrow();
    expect(await t.ctx.media.exists(row.file!)).toBe(true);
    await t.db.updateTable('data_exports').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', row.id).execute();
    expectError(await t.app.inject({ method: 'GET', url: link }), 404, /over a week old/);
    expectError(await get(t.app, '/svc/account/export/file', asOwner(me)), 404);
    expect(await stateOf(me)).toMatchObject({ state: 'failed', download_url: null });
    await runLeavingJobsOnce(t.ctx, log);
    expect(await t.ctx.media.exists(row.file!)).toBe(false);
    expect(await t.db.selectFrom('data_exports').select(['file', 'token_hash']).where('id', '=', row.id).executeTakeFirstOrThrow()).toEqual({ file: null, token_hash: null });
  });

  it('refuses a wrong token, a logged-out or unverified request, and a deleted account\'s link', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/svc/account/export/download/not-a-real-token' }), 404);
    expectError(await post(t.app, EXPORT, {}), 401);
    expectError(await get(t.app, EXPORT), 401);
    const unverified = await register(t.app);
    expectError(await post(t.app, EXPORT, {}, asOwner(unverified)), 403);
    expect(await stateOf(unverified)).toBeNull();
    const leaving = await verifiedUser();
    expectOk(await post(t.app, EXPORT, {}, asOwner(leaving)));
    await runLeavingJobsOnce(t.ctx, log);
    const link = await linkFor(leaving.body.response.user.email);
    const leavingId = await idOf(leaving);
    expectOk(await post(t.app, '/svc/account/delete', { password: 'correct horse battery' }, asOwner(leaving)));
    expectError(await t.app.inject({ method: 'GET', url: link }), 404);
    // The purge removes the file.
    const row = await t.db.selectFrom('data_exports').select('id').where('user_id', '=', leavingId).executeTakeFirstOrThrow();
    await runLeavingJobsOnce(t.ctx, log);
    expect((await t.db.selectFrom('data_exports').select('file').where('id', '=', row.id).executeTakeFirstOrThrow()).file).toBeNull();
  });
});
