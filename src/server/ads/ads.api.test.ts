// The first-party ads (issue 17): promoted posts in the drawer's slots and the lrec slot, by the
// selection rules (not followed, no block either way, safe mode, budget left, no repeat on a
// page), budgets on /svc/promote and stopping with /svc/unpromote, on PGlite and (TEST_DB=postgres) PostgreSQL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADS, type LrecResponse } from '../../shared/ads/types';
import type { IndashBlogResponse, PeeprResponse } from '../../shared/blog-viewer/types';
import type { PromoteResponse } from '../../shared/notes/types';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, newAccount, post, register, type Session, type TestApp, userByEmail } from '../test/test-app';

let t: TestApp;
let host: Session;
let reader: Session;
let relaxed: Session;
const advertisers: Record<string, Session> = {};
const ads: Record<string, PostView> = {};

const promote = (s: Session, p: PostView, extra: Record<string, unknown> = {}) => post(t.app, '/svc/promote', { post_id: p.id, ...extra }, asOwner(s));
const lrec = async (as: Session | null) => expectOk<LrecResponse>(await get(t.app, '/svc/ads/lrec', as ? asOwner(as) : {})).post;
const drawer = async (query: string, as: Session | null) =>
  expectOk<IndashBlogResponse>(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${blogOf(host)}&${query}`, as ? asOwner(as) : {}));
/** Every ad the viewer is served over `n` lrec calls (campaigns take turns, so n above their number sees them all). */
const servedTo = async (as: Session | null, n = 12) => {
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const ad = await lrec(as);
    if (ad) seen.add(ad.id);
  }
  return seen;
};
const lrecFlag = (enabled: boolean) => t.db.updateTable('feature_flags').set({ enabled }).where('name', '=', 'lrec_on_blog_pages_peepr').execute();
const budgets = (budget: number) => t.db.updateTable('ad_campaigns').set({ budget, spent: 0 }).execute();

beforeAll(async () => {
  t = await createTestApp();
  // The lrec slot is served only while lrec_on_blog_pages_peepr is on (off by default): on here.
  await lrecFlag(true);
  host = await register(t.app, newAccount('host'));
  reader = await register(t.app, newAccount('reader'));
  relaxed = await register(t.app, newAccount('relaxed'));
  expectOk(await post(t.app, '/svc/user/settings', { safe_mode: false }, asOwner(relaxed)));
  for (let i = 0; i < 25; i++) await createPost(t.app, host, textPost(`Host post ${i}`));
  for (const name of ['plain', 'other', 'followed', 'blocker', 'blockee', 'adult']) {
    advertisers[name] = await register(t.app, newAccount(name));
    ads[name] = await createPost(t.app, advertisers[name]!, textPost(`Buy from ${name}`));
    expectOk<PromoteResponse>(await promote(advertisers[name]!, ads[name]!));
  }
  await t.db.updateTable('blogs').set({ is_adult: true }).where('name', '=', blogOf(advertisers.adult!)).execute();
  expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(advertisers.followed!) }, asOwner(reader)));
  expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(advertisers.blocker!), blocked_tumblelog: blogOf(reader) }, asOwner(advertisers.blocker!)));
  expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(reader), blocked_tumblelog: blogOf(advertisers.blockee!) }, asOwner(reader)));
});
afterAll(() => t?.close());
beforeEach(() => budgets(1000));

describe('the lrec_on_blog_pages_peepr flag (issue 26)', () => {
  it('serves the lrec slot nothing while the flag is off, counting nothing; a person\'s own value wins', async () => {
    await lrecFlag(false);
    try {
      const spent = async () => (await t.db.selectFrom('ad_campaigns').select((eb) => eb.fn.sum<string>('spent').as('s')).executeTakeFirstOrThrow()).s;
      const before = await spent();
      expect(await lrec(reader)).toBeNull();
      expect(await lrec(null)).toBeNull();
      expect(await spent()).toBe(before);
      const { id } = await userByEmail(t.db, reader.body.response.user.email);
      await t.db.insertInto('feature_flag_overrides').values({ user_id: id, name: 'lrec_on_blog_pages_peepr', enabled: true }).execute();
      expect(await lrec(reader)).not.toBeNull();
      expect(await lrec(relaxed)).toBeNull();
      await t.db.deleteFrom('feature_flag_overrides').where('user_id', '=', id).execute();
    } finally {
      await lrecFlag(true);
    }
  });
});

describe('ad selection', () => {
  it('serves only promoted posts of blogs the viewer does not follow, with no block either way, safe for work in safe mode', async () => {
    expect(await servedTo(reader)).toEqual(new Set([ads.plain!.id, ads.other!.id]));
  });

  it('serves adult promotions with safe mode off, and only safe ones to a logged-out reader', async () => {
    expect(await servedTo(relaxed)).toEqual(new Set(['plain', 'other', 'followed', 'blocker', 'blockee', 'adult'].map((n) => ads[n]!.id)));
    expect(await servedTo(null)).toEqual(new Set(['plain', 'other', 'followed', 'blocker', 'blockee'].map((n) => ads[n]!.id)));
  });

  it('never shows advertisers their own promotion', async () => {
    expect(await servedTo(advertisers.plain!)).not.toContain(ads.plain!.id);
  });

  it('stops serving when the budget is spent, counting one impression per served slot', async () => {
    await t.db.updateTable('ad_campaigns').set({ budget: 0 + 1, spent: 1 }).where('post_id', '!=', ads.plain!.id).execute();
    expectOk(await promote(advertisers.plain!, ads.plain!, { budget: 3 }));
    const served = [];
    for (let i = 0; i < 6; i++) served.push((await lrec(reader))?.id ?? null);
    expect(served).toEqual([ads.plain!.id, ads.plain!.id, ads.plain!.id, null, null, null]);
    const figures = expectOk<PromoteResponse>(await promote(advertisers.plain!, ads.plain!));
    expect(figures).toEqual({ is_promoted: true, budget: 3, spent: 3 });
  });

  it('never counts past the budget under a burst of simultaneous requests', async () => {
    await t.db.updateTable('ad_campaigns').set({ budget: 1, spent: 1 }).where('post_id', '!=', ads.plain!.id).execute();
    await t.db.updateTable('ad_campaigns').set({ budget: 4, spent: 0 }).where('post_id', '=', ads.plain!.id).execute();
    // A campaign being counted by one request is skipped by the others (never waited on), so a
    // burst may serve fewer than the budget; what follows serves the rest, and never more.
    const burst = await Promise.all(Array.from({ length: 12 }, () => lrec(reader)));
    const servedInBurst = burst.filter((a) => a !== null).length;
    expect(servedInBurst).toBeGreaterThanOrEqual(1);
    expect(servedInBurst).toBeLessThanOrEqual(4);
    const after = [];
    for (let i = 0; i < 6; i++) after.push(await lrec(reader));
    expect(servedInBurst + after.filter((a) => a !== null).length).toBe(4);
    const row = await t.db.selectFrom('ad_campaigns').select('spent').where('post_id', '=', ads.plain!.id).executeTakeFirstOrThrow();
    expect(row.spent).toBe(4);
  });

  it('stops at once when the owner unpromotes, keeping the figures', async () => {
    const stopped = expectOk<PromoteResponse>(await post(t.app, '/svc/unpromote', { post_id: ads.other!.id }, asOwner(advertisers.other!)));
    expect(stopped.is_promoted).toBe(false);
    expect(stopped.budget).toBe(1000);
    expect(await servedTo(reader)).toEqual(new Set([ads.plain!.id]));
    // Promoting again is a new campaign: a new budget, nothing spent.
    expect(expectOk<PromoteResponse>(await promote(advertisers.other!, ads.other!, { budget: '50' }))).toEqual({ is_promoted: true, budget: 50, spent: 0 });
    expect(await servedTo(reader)).toEqual(new Set([ads.plain!.id, ads.other!.id]));
  });
});

describe('the hourly cap of ads per reader', () => {
  it('serves a reader past the cap no ad (nothing counted), in the lrec slot and the drawer', async () => {
    const greedy = await register(t.app, newAccount('greedy'));
    expect(await lrec(greedy)).not.toBeNull();
    const user = await t.db.selectFrom('users').select('id').where('email', '=', greedy.body.response.user.email).executeTakeFirstOrThrow();
    await t.db.updateTable('rate_limits').set({ hits: ADS.perReaderPerHour }).where('key', '=', `ad-impressions:user:${user.id}`).execute();
    const spent = async () => Number((await t.db.selectFrom('ad_campaigns').select((eb) => eb.fn.sum<number>('spent').as('n')).executeTakeFirstOrThrow()).n);
    const before = await spent();
    expect(await lrec(greedy)).toBeNull();
    expect((await drawer('limit=20', greedy)).peepr_ad).toBeNull();
    expect(await spent()).toBe(before);
    // Others are still served.
    expect(await lrec(reader)).not.toBeNull();
  });
});

describe('the drawer\'s ad slots (peepr_ad)', () => {
  it('puts ads in the single-post timeline\'s pages too (GET /svc/tumblelog/{name}/peepr), by the same rules', async () => {
    const first = await drawer('limit=1', relaxed);
    const start = first.posts[0]!.id;
    const page = expectOk<PeeprResponse>(await get(t.app, `/svc/tumblelog/${blogOf(host)}/peepr?before=${start}&limit=20`, asOwner(relaxed)));
    expect(page.posts).toHaveLength(20);
    const adIds = page.peepr_ad!.posts.map((p) => p.id);
    expect(adIds).toHaveLength(2);
    for (const id of adIds) expect(page.posts.map((p) => p.id)).not.toContain(id);
    // A reader in safe mode who follows one advertiser and blocks another is not shown theirs.
    const safe = expectOk<PeeprResponse>(await get(t.app, `/svc/tumblelog/${blogOf(host)}/peepr?before=${start}&limit=20`, asOwner(reader)));
    const names = (safe.peepr_ad?.posts ?? []).map((p) => p.blog.name);
    for (const name of ['followed', 'blocker', 'blockee', 'adult']) expect(names).not.toContain(blogOf(advertisers[name]!));
    // Fewer than 10 posts: no slot, nothing spent.
    const short = expectOk<PeeprResponse>(await get(t.app, `/svc/tumblelog/${blogOf(host)}/peepr?before=${start}&limit=9`, asOwner(relaxed)));
    expect(short.peepr_ad).toBeNull();
  });

  it('puts one ad per 10 posts, never the same ad twice on a page, in one query for the slots', async () => {
    const ten = await drawer('limit=10', relaxed);
    expect(ten.peepr_ad?.every).toBe(ADS.every);
    expect(ten.peepr_ad?.posts).toHaveLength(1);
    const before = t.queryCount();
    const twenty = await drawer('limit=20', relaxed);
    const withTwo = t.queryCount() - before;
    expect(twenty.posts).toHaveLength(20);
    const adIds = twenty.peepr_ad!.posts.map((p) => p.id);
    expect(adIds).toHaveLength(2);
    expect(new Set(adIds).size).toBe(2);
    for (const id of adIds) expect(twenty.posts.map((p) => p.id)).not.toContain(id);
    // The same number of queries as a page with one slot: the slots cost one query, whatever their number.
    const again = t.queryCount();
    await drawer('limit=10', relaxed);
    expect(t.queryCount() - again).toBe(withTwo);
    const nine = await drawer('limit=9', relaxed);
    expect(nine.peepr_ad).toBeNull();
  });

  it('removes the slots when no ad is left (peepr_ad null), and ads follow the viewer\'s rules', async () => {
    await t.db.updateTable('ad_campaigns').set({ budget: 1, spent: 1 }).execute();
    expect((await drawer('limit=20', reader)).peepr_ad).toBeNull();
    await budgets(1000);
    const page = await drawer('limit=20', reader);
    expect(new Set(page.peepr_ad!.posts.map((p) => p.id))).toEqual(new Set([ads.plain!.id, ads.other!.id]));
  });

  it('with one ad left, fills one slot and removes the other', async () => {
    await t.db.updateTable('ad_campaigns').set({ budget: 1, spent: 1 }).where('post_id', '!=', ads.plain!.id).execute();
    expect((await drawer('limit=20', relaxed)).peepr_ad!.posts.map((p) => p.id)).toEqual([ads.plain!.id]);
  });
});

describe('POST /svc/promote budget', () => {
  it('refuses a budget that is not a whole number from 1 to the maximum, changing nothing', async () => {
    const before = await t.db.selectFrom('ad_campaigns').selectAll().where('post_id', '=', ads.plain!.id).executeTakeFirstOrThrow();
    for (const budget of [0, -1, 1.5, 'abc', '', ADS.maxBudget + 1, '99999999', null, { n: 1 }]) {
      expectError(await promote(advertisers.plain!, ads.plain!, { budget }), 400, `budget must be a whole number of impressions from 1 to ${ADS.maxBudget}.`);
    }
    expect(await t.db.selectFrom('ad_campaigns').selectAll().where('post_id', '=', ads.plain!.id).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('uses the documented default budget for a new promotion without one', async () => {
    const fresh = await createPost(t.app, advertisers.plain!, textPost('Fresh'));
    expect(expectOk<PromoteResponse>(await promote(advertisers.plain!, fresh))).toEqual({ is_promoted: true, budget: ADS.defaultBudget, spent: 0 });
    expect(expectOk<PromoteResponse>(await promote(advertisers.plain!, fresh, { budget: 7 }))).toEqual({ is_promoted: true, budget: 7, spent: 0 });
    expectOk(await post(t.app, '/svc/unpromote', { post_id: fresh.id }, asOwner(advertisers.plain!)));
  });

  it('lets only the owner promote or stop a post', async () => {
    expectError(await promote(reader, ads.plain!, { budget: 5 }), 403);
    expectError(await post(t.app, '/svc/unpromote', { post_id: ads.plain!.id }, asOwner(reader)), 403);
    expect((await t.db.selectFrom('ad_campaigns').select('budget').where('post_id', '=', ads.plain!.id).executeTakeFirstOrThrow()).budget).toBe(1000);
  });
});
