import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import type { ExploreResponse } from '../../shared/tags';
import { block, blogId, like } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectOk, get, register, type Session, type TestApp } from '../test/test-app';
import { EXPLORE_ROLLUP_MS, exploreRollup } from './rollup';

let t: TestApp;
let fans: Session[];
let writer: Session;
let spammer: Session;
let reader: Session;
const made: Record<string, PostView> = {};

/** Moves a post's feed position (and so its tags' rows) `hours` into the past. */
const age = (p: PostView, hours: number) =>
  sql`update posts set publish_id = ((extract(epoch from now() - ${`${hours} hours`}::interval) * 1000)::bigint << 16) + 7 where id = ${p.id}`.execute(t.db);

beforeAll(async () => {
  t = await createTestApp();
  [writer, spammer, reader] = [await register(t.app), await register(t.app), await register(t.app)];
  fans = [await register(t.app), await register(t.app), await register(t.app)];
  const make = async (s: Session, title: string, tags: string) => {
    made[title] = await createPost(t.app, s, { ...textPost(title), 'post[tags]': tags });
  };
  await make(writer, 'Fresh popular', 'sunset, beach');
  await make(writer, 'Fresh quiet', 'sunset');
  await make(writer, 'Old popular', 'vintage');
  await make(writer, 'Adult', 'sunset');
  await make(spammer, 'Spam', 'deals, deals2');
  await make(spammer, 'Spam two', 'deals');
  await make(writer, 'Private', 'sunset');
  for (const fan of fans) {
    expectOk(await like(t, fan, made['Fresh popular']!));
    expectOk(await like(t, fan, made['Old popular']!));
    expectOk(await like(t, fan, made['Spam']!));
  }
  expectOk(await like(t, fans[0]!, made['Adult']!));
  await age(made['Old popular']!, 72);
  await t.db.updateTable('posts').set({ owner_flagged_nsfw: true }).where('id', '=', made['Adult']!.id).execute();
  await t.db.updateTable('posts').set({ is_private: true }).where('id', '=', made['Private']!.id).execute();
  await t.db.updateTable('blogs').set({ is_spam: true }).where('id', '=', await blogId(t.db, blogOf(spammer))).execute();
  // A tag used by three blogs a day and a half ago is no longer trending.
  for (const fan of fans) made[`Yesterday ${blogOf(fan)}`] = await createPost(t.app, fan, { ...textPost('Yesterday'), 'post[tags]': 'yesterday' });
  for (const fan of fans) await age(made[`Yesterday ${blogOf(fan)}`]!, 36);
});
afterAll(() => t.close());

describe('GET /svc/explore', () => {
  it('trends the tags of the last 24 hours, spam blogs left out, most used first', async () => {
    const res = expectOk<ExploreResponse>(await get(t.app, '/svc/explore'));
    expect(res.trending_tags).toEqual([
      { tag: 'sunset', post_count: 3 },
      { tag: 'beach', post_count: 1 },
    ]);
  });

  it('lists the public posts of the last 48 hours by their notes, spam and old posts left out', async () => {
    await t.db.updateTable('users').set({ safe_mode: false }).where('email', '=', reader.body.response.user.email).execute();
    const res = expectOk<ExploreResponse>(await get(t.app, '/svc/explore', asOwner(reader)));
    const titles = res.posts.map((p) => (p.content as { title: string }).title);
    expect(titles[0]).toBe('Fresh popular');
    expect(titles[1]).toBe('Adult');
    expect(titles).toContain('Fresh quiet');
    expect(titles).toContain('Yesterday');
    for (const gone of ['Old popular', 'Spam', 'Spam two', 'Private']) expect(titles).not.toContain(gone);
  });

  // Issue 22: a logged-out visitor counts as having safe mode on, as in the drawer.
  it('leaves sensitive posts out for a logged-out visitor while the site offers safe mode', async () => {
    const visitor = async () => expectOk<ExploreResponse>(await get(t.app, '/svc/explore')).posts.map((p) => (p.content as { title: string }).title);
    expect(await visitor()).not.toContain('Adult');
    await t.db.updateTable('feature_flags').set({ enabled: false }).where('name', '=', 'safe_mode').execute();
    try {
      expect(await visitor()).toContain('Adult');
    } finally {
      await t.db.updateTable('feature_flags').set({ enabled: true }).where('name', '=', 'safe_mode').execute();
    }
  });

  it('applies the viewer\'s safe mode and blocks to the rollup', async () => {
    await t.db.updateTable('users').set({ safe_mode: true }).where('email', '=', reader.body.response.user.email).execute();
    let titles = expectOk<ExploreResponse>(await get(t.app, '/svc/explore', asOwner(reader))).posts.map((p) => (p.content as { title: string }).title);
    expect(titles).not.toContain('Adult');
    expect(titles).toContain('Fresh popular');
    await block(t.db, writer, reader);
    titles = expectOk<ExploreResponse>(await get(t.app, '/svc/explore', asOwner(reader))).posts.map((p) => (p.content as { title: string }).title);
    expect(titles).toEqual(['Yesterday', 'Yesterday', 'Yesterday']);
  });

  it('reads the rollup from memory between computations: two queries a request at most', async () => {
    await exploreRollup(t.db);
    const before = t.queryCount();
    expectOk(await get(t.app, '/svc/explore'));
    // The site's safe mode flag, the visible filter, posts, blogs, note counts; no session for a
    // visitor, no rollup query.
    expect(t.queryCount() - before).toBeLessThanOrEqual(5);
    // A post made private since the rollup is gone at once.
    await t.db.updateTable('posts').set({ is_private: true }).where('id', '=', made['Fresh popular']!.id).execute();
    const titles = expectOk<ExploreResponse>(await get(t.app, '/svc/explore')).posts.map((p) => (p.content as { title: string }).title);
    expect(titles).not.toContain('Fresh popular');
  });

  it('fills the page past posts hidden since the rollup, in the rollup\'s order', async () => {
    for (let i = 0; i < 26; i++) await createPost(t.app, fans[i % fans.length]!, textPost(`Filler ${i}`));
    const rollup = await exploreRollup(t.db, Date.now() + EXPLORE_ROLLUP_MS + 1);
    expect(rollup.popular.length).toBeGreaterThanOrEqual(26);
    // More hidden than the spare the route hydrates beside its visibility check.
    await t.db.updateTable('posts').set({ is_private: true }).where('id', 'in', rollup.popular.slice(0, 6)).execute();
    const res = expectOk<ExploreResponse>(await get(t.app, '/svc/explore'));
    expect(res.posts.map((p) => p.id)).toEqual(rollup.popular.slice(6, 26));
  });
});
