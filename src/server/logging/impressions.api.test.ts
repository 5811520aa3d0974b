// Issue 22, item 3: nobody can inflate a blog's insights. 500 `post_impression` events from one
// account moved a public post from 1 impression to 501, and events for a draft were added to the
// blog's daily total. An impression counts only for a public post its reader may see, once per
// reader, post and day (logging/impressions.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InsightsResponse } from '../../shared/logging/insights';
import { block } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectOk, get, post, register, userByEmail, type Session, type TestApp } from '../test/test-app';
import { utcDay } from './ingest';
import { rollUpNewImpressions } from './insights-rollup';
import { loggingPass } from './jobs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const impression = (postId: string) => ({ name: 'post_impression', post_id: postId, blog_uuid: 'x' });
const logAs = async (s: Session, postId: string, count: number) =>
  expectOk(await post(t.app, '/services/cslog', { events: Array.from({ length: count }, () => impression(postId)) }, asOwner(s)));
/** Events as a scripted client would store them, past any batch size or rate limit of the route. */
const storeDirectly = async (s: Session, postId: string, count: number, day = utcDay(new Date())) => {
  const user = await userByEmail(t.db, s.body.response.user.email);
  await sql`INSERT INTO log_events (day, user_id, name, post_id, fields)
    SELECT ${day}::date, ${user.id}::bigint, 'post_impression', ${postId}::bigint, '{}'::jsonb FROM generate_series(1, ${count}::int)`.execute(t.db);
};
const insightsOf = async (owner: Session) =>
  expectOk<InsightsResponse>(await post(t.app, `/svc/blog/${blogOf(owner)}/insights/refresh`, {}, asOwner(owner)));
const today = (r: InsightsResponse) => r.days.at(-1)!.impressions;
const ofPost = (r: InsightsResponse, id: string) => r.posts.find((p) => p.id === id)?.impressions;

describe('post impressions in insights', () => {
  it('count once per reader, post and day: 500 events from one account are one impression', async () => {
    const [owner, first, inflater] = [await register(t.app), await register(t.app), await register(t.app)];
    const p = await createPost(t.app, owner, textPost('Popular?'));
    await logAs(first, p.id, 1);
    expect(ofPost(await insightsOf(owner), p.id)).toBe(1);
    await logAs(inflater, p.id, 20);
    await storeDirectly(inflater, p.id, 480);
    const after = await insightsOf(owner);
    expect(ofPost(after, p.id)).toBe(2);
    expect(today(after)).toBe(2);
    // Later passes remember who was counted today.
    await logAs(inflater, p.id, 5);
    await loggingPass(t.db, new Date(), 90);
    expect(ofPost(await insightsOf(owner), p.id)).toBe(2);
  });

  it('a reader counts again on another day', async () => {
    const [owner, reader] = [await register(t.app), await register(t.app)];
    const p = await createPost(t.app, owner, textPost('Every day'));
    const yesterday = utcDay(new Date(Date.now() - 86_400_000));
    await storeDirectly(reader, p.id, 3, yesterday);
    await storeDirectly(reader, p.id, 3);
    await rollUpNewImpressions(t.db);
    const rows = await sql<{ day: string; impressions: number }>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, impressions FROM insight_post_days WHERE post_id = ${p.id} ORDER BY day`.execute(t.db);
    expect(rows.rows).toEqual([{ day: yesterday, impressions: 1 }, { day: utcDay(new Date()), impressions: 1 }]);
  });

  it('never count for a draft or a private post, or across a block', async () => {
    const [owner, reader, blocked] = [await register(t.app), await register(t.app), await register(t.app)];
    const draft = await createPost(t.app, owner, { ...textPost('Not out yet'), 'post[state]': '1' });
    const hidden = await createPost(t.app, owner, { ...textPost('Only mine'), 'post[state]': 'private' });
    const open = await createPost(t.app, owner, textPost('Out'));
    await logAs(reader, draft.id, 50);
    await logAs(reader, hidden.id, 10);
    await block(t.db, owner, blocked);
    await logAs(blocked, open.id, 10);
    const r = await insightsOf(owner);
    expect(today(r)).toBe(0);
    expect(ofPost(r, open.id)).toBe(0);
    expect(await t.db.selectFrom('insight_post_days').select('post_id').where('post_id', 'in', [draft.id, hidden.id]).execute()).toEqual([]);
  });

  it('never count for a suspended blog’s post', async () => {
    const [owner, reader, admin] = [await register(t.app), await register(t.app), await register(t.app)];
    await t.db.updateTable('users').set({ is_admin: true, email_verified_at: new Date() }).where('email', '=', admin.body.response.user.email).execute();
    const p = await createPost(t.app, owner, textPost('Soon gone'));
    expectOk(await post(t.app, '/suspended/toggle', { tumblelog: blogOf(owner), value: true }, asOwner(admin)));
    await logAs(reader, p.id, 3);
    await rollUpNewImpressions(t.db);
    expect(await t.db.selectFrom('insight_post_days').select('post_id').where('post_id', '=', p.id).execute()).toEqual([]);
    // The page stays the owner's to read.
    expectOk(await get(t.app, `/svc/blog/${blogOf(owner)}/insights`, asOwner(owner)));
  });

  it('forgets the readers of days past the rollup (the periodic pass prunes them)', async () => {
    const old = utcDay(new Date(Date.now() - 5 * 86_400_000));
    await sql`INSERT INTO insight_impression_readers (day, post_id, user_id) VALUES (${old}::date, 1, 1), (${utcDay(new Date())}::date, 1, 1)`.execute(t.db);
    await loggingPass(t.db, new Date(), 90);
    const left = await sql<{ day: string }>`SELECT to_char(day, 'YYYY-MM-DD') AS day FROM insight_impression_readers WHERE post_id = 1`.execute(t.db);
    expect(left.rows).toEqual([{ day: utcDay(new Date()) }]);
  });
});
