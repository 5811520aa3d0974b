import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SuggestionsResponse } from '../../shared/answers/explore';
import { block, blogId, follow, like } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let reader: Session;
/** One writer per situation, each with one public post; the fans' likes rank them. */
const w: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  reader = await register(t.app);
  const fans = [await register(t.app), await register(t.app)];
  const names = ['popular', 'quiet', 'followed', 'blockedByReader', 'blocksReader', 'suspended', 'spam', 'adult'];
  for (const name of names) {
    w[name] = await register(t.app);
    const made = await createPost(t.app, w[name]!, { ...textPost(`By ${name}`), 'post[tags]': name === 'quiet' ? 'dogs' : 'cats' });
    if (name === 'popular') for (const fan of fans) expectOk(await like(t, fan, made));
  }
  // The reader's own post is popular too: their own blog is never suggested.
  const own = await createPost(t.app, reader, { ...textPost('Mine'), 'post[tags]': 'birds' });
  for (const fan of fans) expectOk(await like(t, fan, own));
  await follow(t.db, reader, w.followed!);
  await block(t.db, reader, w.blockedByReader!);
  await block(t.db, w.blocksReader!, reader);
  await t.db.updateTable('blogs').set({ is_suspended: true }).where('id', '=', await blogId(t.db, blogOf(w.suspended!))).execute();
  await t.db.updateTable('blogs').set({ is_spam: true }).where('id', '=', await blogId(t.db, blogOf(w.spam!))).execute();
  await t.db.updateTable('blogs').set({ is_adult: true }).where('id', '=', await blogId(t.db, blogOf(w.adult!))).execute();
  expectOk(await post(t.app, '/svc/tag/birds/follow', {}, asOwner(reader)));
});
afterAll(() => t.close());

const suggestions = (s: Session) => get(t.app, '/svc/explore/suggestions', asOwner(s));

describe('GET /svc/explore/suggestions', () => {
  it("offers the popular posts' blogs, most popular first, and leaves out followed, blocked, suspended, spam and own blogs", async () => {
    const before = t.queryCount();
    const res = expectOk<SuggestionsResponse>(await suggestions(reader));
    const names = res.blogs.map((b) => b.name);
    expect(names[0]).toBe(blogOf(w.popular!));
    // Safe mode is on for a new account: the adult blog is left out too (see below).
    expect([...names].sort()).toEqual([blogOf(w.popular!), blogOf(w.quiet!)].sort());
    expect(res.blogs.every((b) => b.following === false)).toBe(true);
    // Trending tags, less the one the reader follows.
    expect(res.tags.map((x) => x.tag)).toEqual(['cats', 'dogs']);
    // The rollup is computed once (two queries), then one query per list, plus the session and safe mode.
    const first = t.queryCount() - before;
    const again = t.queryCount();
    expectOk(await suggestions(reader));
    expect(t.queryCount() - again).toBeLessThan(first);
    expect(t.queryCount() - again).toBeLessThanOrEqual(5);
  });

  it('with safe mode off, adult blogs are offered too', async () => {
    const someone = await register(t.app);
    await t.db.updateTable('users').set({ safe_mode: false }).where('email', '=', someone.body.response.user.email).execute();
    expect(expectOk<SuggestionsResponse>(await suggestions(someone)).blogs.map((b) => b.name)).toContain(blogOf(w.adult!));
  });

  it('following a suggested blog takes it off the list', async () => {
    const other = await register(t.app);
    expect(expectOk<SuggestionsResponse>(await suggestions(other)).blogs.map((b) => b.name)).toContain(blogOf(w.quiet!));
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(w.quiet!) }, asOwner(other)));
    expect(expectOk<SuggestionsResponse>(await suggestions(other)).blogs.map((b) => b.name)).not.toContain(blogOf(w.quiet!));
  });

  it('needs a logged-in person', async () => {
    expectError(await get(t.app, '/svc/explore/suggestions'), 401);
  });
});
