import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsResponse } from '../../shared/logging/insights';
import { LOG_LIMITS } from '../../shared/logging/limits';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';
import { utcDay } from './ingest';
import { rollUpNewImpressions } from './insights-rollup';
import { loggingPass, pruneLog } from './jobs';

let t: TestApp;
beforeAll(async () => {
  // A small rate limit so the test can reach it.
  t = await createTestApp({}, { LIMIT_LOG_BATCHES_PER_MINUTE: '8', LIMIT_LOG_BATCHES_PER_MINUTE_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const storedEvents = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM log_events`.execute(t.db)).rows[0]!.n);

describe('POST /services/cslog and POST /svc/log/lady', () => {
  let ann: Session;
  beforeAll(async () => {
    ann = await register(t.app);
  });

  it('stores a good batch with one multi-row insert, attributed to the session user', async () => {
    const before = await storedEvents();
    const events = [
      { name: 'post_impression', post_id: '123', blog_uuid: 't:abc', ts: Date.now() },
      { name: 'drawer.load', blog: 'cats', page: 1, nsfw: false, extra: null },
    ];
    expect(expectOk(await post(t.app, '/services/cslog', { events }, asOwner(ann)))).toEqual({ stored: 2 });
    expect(await storedEvents()).toBe(before + 2);
    const rows = await t.db.selectFrom('log_events').selectAll().orderBy('id', 'desc').limit(2).execute();
    const userId = (await t.db.selectFrom('users').select('id').where('email', '=', ann.body.response.user.email).executeTakeFirstOrThrow()).id;
    expect(rows.every((row) => row.user_id === userId)).toBe(true);
    const impression = rows.find((row) => row.name === 'post_impression')!;
    expect(impression.post_id).toBe('123');
    expect(impression.fields).toEqual({ blog_uuid: 't:abc' });
    expect(impression.client_ts).not.toBeNull();
  });

  it('takes the payload shape on both routes, and a form key in the body (the beacon path)', async () => {
    const before = await storedEvents();
    expectOk(await post(t.app, '/svc/log/lady', { payload: [{ name: 'messaging-interaction:open' }] }, asOwner(ann)));
    expectOk(await post(t.app, '/services/cslog', { payload: [{ name: 'x' }], form_key: ann.formKey }, { cookie: ann.cookie }));
    expect(await storedEvents()).toBe(before + 2);
  });

  it('stores video trackers as video_<event> events with their pt and data', async () => {
    expectOk(await post(t.app, '/svc/log/video', { trackers: [{ event: 'play', pt: 'tok', data: { post_id: '9', position: 3.5 } }] }, asOwner(ann)));
    const row = await t.db.selectFrom('log_events').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: 'video_play', post_id: '9', fields: { pt: 'tok', position: 3.5 } });
  });

  it.each([
    ['no list', {}, /events must be a list/],
    ['an empty list', { events: [] }, /empty/],
    ['an event without a name', { events: [{ name: 'ok' }, { post_id: '1' }] }, /events\.1\.name is missing/],
    ['a bad name', { events: [{ name: '1<script>' }] }, /events\.0\.name must be/],
    ['a nested value', { events: [{ name: 'a', x: { y: 1 } }] }, /events\.0\.x must be text/],
    ['a long value', { events: [{ name: 'a', x: 'y'.repeat(LOG_LIMITS.maxFieldLength + 1) }] }, /longer than 512/],
    ['a huge post id', { events: [{ name: 'a', post_id: '99999999999999999999' }] }, /post_id must be a post id/],
    ['too many fields', { events: [{ name: 'a', ...Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, i])) }] }, /at most 20/],
    ['a bad field name', { events: [{ name: 'a', 'we ird': 1 }] }, /field name/],
    ['an oversize batch', { events: Array.from({ length: LOG_LIMITS.maxBatch + 1 }, () => ({ name: 'a' })) }, /at most 100 in one batch/],
  ])('refuses %s with a 400 and stores nothing', async (_label, body, message) => {
    const before = await storedEvents();
    expectError(await post(t.app, '/services/cslog', body, asOwner(ann)), 400, message);
    expect(await storedEvents()).toBe(before);
  });

  it('needs a session and its form key', async () => {
    expectError(await post(t.app, '/services/cslog', { events: [{ name: 'a' }] }), 401);
    expectError(await post(t.app, '/svc/log/lady', { events: [{ name: 'a' }] }, { cookie: ann.cookie }), 403);
  });

  it('reads the session in the insert: a made-up or expired session is a 401, a wrong key a 403, and nothing is stored', async () => {
    const before = await storedEvents();
    const events = { events: [{ name: 'a' }] };
    expectError(await post(t.app, '/services/cslog', events, { cookie: 'sid=made-up-token', formKey: ann.formKey }), 401);
    expectError(await post(t.app, '/services/cslog', events, { cookie: ann.cookie, formKey: `${ann.formKey}x` }), 403);
    // Malformed and from a stranger: who sent it is answered first, as on every route.
    expectError(await post(t.app, '/services/cslog', {}, { cookie: 'sid=made-up-token', formKey: ann.formKey }), 401);
    expectError(await post(t.app, '/services/cslog', {}, { cookie: ann.cookie, formKey: 'wrong' }), 403);
    const dee = await register(t.app);
    await sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE form_key = ${dee.formKey}`.execute(t.db);
    expectError(await post(t.app, '/services/cslog', events, asOwner(dee)), 401);
    expect(await storedEvents()).toBe(before);
  });

  it("moves the session's last use (the sessions list) in the same statement, at most every 5 minutes", async () => {
    const eve = await register(t.app);
    const lastUsed = async () =>
      (await sql<{ at: Date }>`SELECT last_used_at AS at FROM sessions WHERE form_key = ${eve.formKey}`.execute(t.db)).rows[0]!.at.getTime();
    await sql`UPDATE sessions SET last_used_at = now() - interval '1 hour' WHERE form_key = ${eve.formKey}`.execute(t.db);
    const old = await lastUsed();
    expectOk(await post(t.app, '/services/cslog', { events: [{ name: 'a' }] }, asOwner(eve)));
    const moved = await lastUsed();
    expect(moved - old).toBeGreaterThan(59 * 60_000);
    await sql`UPDATE sessions SET last_used_at = now() - interval '1 minute' WHERE form_key = ${eve.formKey}`.execute(t.db);
    const recent = await lastUsed();
    expectOk(await post(t.app, '/services/cslog', { events: [{ name: 'a' }] }, asOwner(eve)));
    expect(await lastUsed()).toBe(recent);
  });

  it('limits batches per account per minute (429 with Retry-After), counting only good batches', async () => {
    const bob = await register(t.app);
    for (let i = 0; i < 8; i++) expectOk(await post(t.app, '/services/cslog', { events: [{ name: 'a' }] }, asOwner(bob)));
    const before = await storedEvents();
    const refused = await post(t.app, '/svc/log/lady', { events: [{ name: 'a' }] }, asOwner(bob));
    expectError(refused, 429, /at most 8 a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedEvents()).toBe(before);
    // Another session of another user is not held by bob's limit.
    const cat = await register(t.app);
    expectOk(await post(t.app, '/services/cslog', { events: [{ name: 'a' }] }, asOwner(cat)));
  });

  it('prunes raw events older than the retention, by day', async () => {
    const old = utcDay(new Date(Date.now() - 100 * 86_400_000));
    await sql`INSERT INTO log_events (day, name, fields) VALUES (${old}::date, 'old', '{}'::jsonb)`.execute(t.db);
    const before = await storedEvents();
    expect(await pruneLog(t.db, new Date(), 90)).toBe(1);
    expect(await storedEvents()).toBe(before - 1);
  });
});

describe('insights', () => {
  let owner: Session;
  let reader: Session;
  beforeAll(async () => {
    owner = await register(t.app);
    reader = await register(t.app);
  });
  const insights = (s: Session | null, name: string, query = '') => get(t.app, `/svc/blog/${name}/insights${query}`, s ? asOwner(s) : {});
  /** `count` new readers each log `events`: an impression counts once per reader, post and day (logging/impressions.ts). */
  const readersLog = async (count: number, events: object[]) => {
    for (let i = 0; i < count; i++) expectOk(await post(t.app, '/services/cslog', { events }, asOwner(await register(t.app))));
  };

  it('is 404 for anyone but the owner (logged out: 401), also for refresh', async () => {
    expectError(await insights(reader, blogOf(owner)), 404);
    expectError(await insights(null, blogOf(owner)), 401);
    expectError(await insights(reader, 'no-such-blog-here'), 404);
    expectError(await post(t.app, `/svc/blog/${blogOf(owner)}/insights/refresh`, {}, asOwner(reader)), 404);
    expectError(await insights(owner, blogOf(owner), '?days=0'), 400, /days must be/);
    expectError(await insights(owner, blogOf(owner), '?days=abc'), 400, /days must be/);
  });

  it('counts exactly the impressions, likes, replies and follows that happened, after the rollup', async () => {
    const a = await createPost(t.app, owner, textPost('First'));
    const b = await createPost(t.app, owner, textPost('Second'));
    await readersLog(3, [{ name: 'post_impression', post_id: a.id, blog_uuid: 'x' }, { name: 'post_impression', post_id: b.id, blog_uuid: 'x' }]);
    await readersLog(2, [{ name: 'post_impression', post_id: a.id, blog_uuid: 'x' }]);
    expectOk(await post(t.app, '/services/cslog', { events: [{ name: 'drawer.load', post_id: a.id }] }, asOwner(reader)));
    expectOk(await post(t.app, '/svc/like', { id: a.id, key: a.reblog_key }, asOwner(reader)));
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(owner) }, asOwner(reader)));

    // Before any rollup the page reads the rollup tables only: nothing yet.
    const before = expectOk<InsightsResponse>(await insights(owner, blogOf(owner)));
    expect(before.days).toHaveLength(30);
    expect(before.days.reduce((n, d) => n + d.impressions, 0)).toBe(0);

    const refreshed = expectOk<InsightsResponse>(await post(t.app, `/svc/blog/${blogOf(owner)}/insights/refresh`, {}, asOwner(owner)));
    const today = refreshed.days.at(-1)!;
    expect(today).toEqual({ date: utcDay(new Date()), impressions: 8, likes: 1, reblogs: 0, replies: 0, follows: 1 });
    expect(refreshed.posts.find((p) => p.id === a.id)).toMatchObject({ impressions: 5, notes: 1 });
    expect(refreshed.posts.find((p) => p.id === b.id)).toMatchObject({ impressions: 3, notes: 0 });

    // The periodic pass gives the same figures, and running it twice changes nothing.
    await readersLog(1, [{ name: 'post_impression', post_id: b.id }]);
    await loggingPass(t.db, new Date(), 90);
    await loggingPass(t.db, new Date(), 90);
    const after = expectOk<InsightsResponse>(await insights(owner, blogOf(owner), '?days=7'));
    expect(after.days).toHaveLength(7);
    expect(after.days.at(-1)!.impressions).toBe(9);
    expect(after.posts.find((p) => p.id === b.id)!.impressions).toBe(4);
  });

  it('counts each event once: a pass reads only the events past the watermark, a rerun adds nothing', async () => {
    const owner2 = await register(t.app);
    const p = await createPost(t.app, owner2, textPost('Counted once'));
    const impressions = (n: number) => readersLog(n, [{ name: 'post_impression', post_id: p.id }]);
    const figure = async () => expectOk<InsightsResponse>(await insights(owner2, blogOf(owner2))).posts.find((x) => x.id === p.id)!.impressions;
    await impressions(4);
    expect(await rollUpNewImpressions(t.db)).toBeGreaterThanOrEqual(4);
    expect(await figure()).toBe(4);
    expect(await rollUpNewImpressions(t.db)).toBe(0);
    await impressions(2);
    // The owner's refresh is the same incremental pass: only the 2 new events are read.
    expectOk(await post(t.app, `/svc/blog/${blogOf(owner2)}/insights/refresh`, {}, asOwner(owner2)));
    expect(await figure()).toBe(6);
    await loggingPass(t.db, new Date(), 90);
    expect(await figure()).toBe(6);
    const mark = (await sql<{ id: string }>`SELECT last_event_id::text AS id FROM insight_watermark`.execute(t.db)).rows[0]!.id;
    const newest = (await sql<{ id: string }>`SELECT max(id)::text AS id FROM log_events`.execute(t.db)).rows[0]!.id;
    expect(mark).toBe(newest);
  });

  it('recounts undone notes, and shows the spend of a promoted post', async () => {
    const owner3 = await register(t.app);
    const p = await createPost(t.app, owner3, textPost('Liked then not'));
    expectOk(await post(t.app, '/svc/like', { id: p.id, key: p.reblog_key }, asOwner(reader)));
    const today = async () => expectOk<InsightsResponse>(await post(t.app, `/svc/blog/${blogOf(owner3)}/insights/refresh`, {}, asOwner(owner3)));
    expect((await today()).days.at(-1)!.likes).toBe(1);
    expectOk(await post(t.app, '/svc/unlike', { id: p.id, key: p.reblog_key }, asOwner(reader)));
    expect((await today()).days.at(-1)!.likes).toBe(0);

    expect((await today()).posts.find((x) => x.id === p.id)!.spend).toBeNull();
    expectOk(await post(t.app, '/svc/promote', { post_id: p.id, budget: 40 }, asOwner(owner3)));
    await sql`UPDATE ad_campaigns SET spent = 7 WHERE post_id = ${p.id}`.execute(t.db);
    const promoted = expectOk<InsightsResponse>(await insights(owner3, blogOf(owner3))).posts.find((x) => x.id === p.id)!;
    expect(promoted).toMatchObject({ promoted: true, spend: { budget: 40, spent: 7 } });
  });

  it("limits an owner's Refresh to 6 a minute (429 with Retry-After); the page itself is not limited", async () => {
    const owner4 = await register(t.app);
    const refresh = () => post(t.app, `/svc/blog/${blogOf(owner4)}/insights/refresh`, {}, asOwner(owner4));
    for (let i = 0; i < 6; i++) expectOk(await refresh());
    const refused = await refresh();
    expectError(refused, 429, /refreshed 6 times a minute/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expectOk(await insights(owner4, blogOf(owner4)));
  });
});
