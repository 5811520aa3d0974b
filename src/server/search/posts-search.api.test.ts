import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import type { BlogSearchPage, PostSearchPage } from '../../shared/search/site';
import { block, blogId, fastReblog, like, reply, unlike } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type As, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
let other: Session;
let reader: Session;
/** A reader who turned safe mode off: the cases about search itself, not safe mode, ask as them. */
let relaxed: Session;
const made: Record<string, PostView> = {};

const titles = (posts: PostView[]) => posts.map((p) => (p.content as { title: string }).title);
async function search(params: Record<string, string>, as: As = asOwner(relaxed)): Promise<PostView[]> {
  const posts: PostView[] = [];
  let before: string | null = null;
  do {
    const query = new URLSearchParams({ ...params, ...(before ? { before } : {}) });
    const page: PostSearchPage = expectOk<PostSearchPage>(await get(t.app, `/svc/search/posts?${query}`, as));
    expect(page.posts.length).toBeLessThanOrEqual(10);
    posts.push(...page.posts);
    before = page.next;
  } while (before !== null);
  return posts;
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, other, reader, relaxed] = [await register(t.app), await register(t.app), await register(t.app), await register(t.app)];
  expectOk(await post(t.app, '/svc/user/settings', { safe_mode: false }, asOwner(relaxed)));
  const make = async (s: Session, title: string, body: string, extra: Record<string, unknown> = {}) => {
    made[title] = await createPost(t.app, s, { ...textPost(title, `<p>${body}</p>`), ...extra });
  };
  for (let i = 0; i < 12; i++) await make(i % 2 ? owner : other, `Lighthouse ${i}`, 'a lighthouse by the sea');
  await make(owner, 'Harbour', 'boats only', { 'post[tags]': 'lighthouse' });
  await make(owner, 'Lighthouse draft', 'lighthouse', { 'post[state]': '1' });
  await make(owner, 'Lighthouse private', 'lighthouse', { 'post[state]': 'private' });
  await make(owner, 'Lighthouse queued', 'lighthouse', { 'post[state]': '2' });
  await make(other, 'Lighthouse nsfw', 'lighthouse', { owner_flagged_nsfw: '1' });
  await t.db.updateTable('posts').set({ owner_flagged_nsfw: true }).where('id', '=', made['Lighthouse nsfw']!.id).execute();
  await make(other, 'Red kites', 'two red kites over the hill');
  await make(other, 'Red door', 'a red door');
});
afterAll(() => t.close());

describe('GET /svc/search/posts', () => {
  it('finds public posts by their words and tags, 10 a page, newest first with sort=recent', async () => {
    const found = await search({ q: 'lighthouse', sort: 'recent' });
    expect(titles(found)).toEqual(['Lighthouse nsfw', 'Harbour', ...Array.from({ length: 12 }, (_, i) => `Lighthouse ${11 - i}`)]);
  });

  it('with sort=top pages through every match once, most notes first', async () => {
    const found = await search({ q: 'lighthouse', sort: 'top' });
    expect(new Set(found.map((p) => p.id))).toEqual(new Set((await search({ q: 'lighthouse', sort: 'recent' })).map((p) => p.id)));
    expect(found).toHaveLength(14);
  });

  it('sorts by recent when no sort is given (spec 2: CREATED_DESC)', async () => {
    expect(titles(await search({ q: 'red' }))).toEqual(['Red door', 'Red kites']);
  });

  it('needs every word of a two-word search; stems match ("kite" finds "kites")', async () => {
    expect(titles(await search({ q: 'red kite' }))).toEqual(['Red kites']);
    expect(titles(await search({ q: 'red', sort: 'recent' }))).toEqual(['Red door', 'Red kites']);
  });

  it('a #term searches the tag', async () => {
    expect(titles(await search({ q: '#Lighthouse' }))).toEqual(['Harbour']);
  });

  it('never shows drafts, queued or private posts, even to their owner, outside "your stuff"', async () => {
    const found = titles(await search({ q: 'lighthouse' }, asOwner(owner)));
    for (const hidden of ['Lighthouse draft', 'Lighthouse private', 'Lighthouse queued']) expect(found).not.toContain(hidden);
  });

  // Issue 22: logged out, site search showed what the drawer and in-blog search hid.
  it('a logged-out visitor counts as in safe mode while the site offers it, as in the drawer', async () => {
    const visitor = async () => titles(await search({ q: 'lighthouse' }, {}));
    expect(await visitor()).not.toContain('Lighthouse nsfw');
    await t.db.updateTable('blogs').set({ is_nsfw: true }).where('id', '=', await blogId(t.db, blogOf(other))).execute();
    try {
      expect(await visitor()).toHaveLength(7);
      await t.db.updateTable('feature_flags').set({ enabled: false }).where('name', '=', 'safe_mode').execute();
      expect(await visitor()).toHaveLength(14);
      // Spec 1 §6: the flag AND the setting; a reader whose setting is on is not in safe mode either.
      expect(await search({ q: 'lighthouse' }, asOwner(reader))).toHaveLength(14);
    } finally {
      await t.db.updateTable('blogs').set({ is_nsfw: false }).where('id', '=', await blogId(t.db, blogOf(other))).execute();
      await t.db.updateTable('feature_flags').set({ enabled: true }).where('name', '=', 'safe_mode').execute();
    }
  });

  it('safe search and safe mode leave flagged posts and adult blogs out', async () => {
    expect(titles(await search({ q: 'lighthouse', filter_nsfw: 'true' }))).not.toContain('Lighthouse nsfw');
    await t.db.updateTable('users').set({ safe_mode: true }).where('email', '=', reader.body.response.user.email).execute();
    const forReader = titles(await search({ q: 'lighthouse', filter_nsfw: 'false' }, asOwner(reader)));
    expect(forReader).not.toContain('Lighthouse nsfw');
    expect(forReader).toHaveLength(13);
    await t.db.updateTable('blogs').set({ is_adult: true }).where('id', '=', await blogId(t.db, blogOf(other))).execute();
    expect(await search({ q: 'lighthouse' }, asOwner(reader))).toHaveLength(7);
    await t.db.updateTable('blogs').set({ is_adult: false }).where('id', '=', await blogId(t.db, blogOf(other))).execute();
  });

  it('filters by post type', async () => {
    expect(await search({ q: 'lighthouse', filter_post_type: 'photo' })).toEqual([]);
    expect(await search({ q: 'lighthouse', filter_post_type: 'text' })).toHaveLength(14);
  });

  it('leaves out blogs across a block, suspended and spam blogs', async () => {
    await block(t.db, other, reader);
    expect(await search({ q: 'lighthouse', sort: 'recent' }, asOwner(reader))).toHaveLength(7);
    await t.db.deleteFrom('blocks').execute();
    for (const column of ['is_suspended', 'is_spam'] as const) {
      await t.db.updateTable('blogs').set({ [column]: true }).where('id', '=', await blogId(t.db, blogOf(owner))).execute();
      expect(titles(await search({ q: 'lighthouse', sort: 'recent' }))).toHaveLength(7);
      await t.db.updateTable('blogs').set({ [column]: false }).where('id', '=', await blogId(t.db, blogOf(owner))).execute();
    }
  });

  it('"your stuff" is the owner\'s posts (drafts, queue, private too) and likes, for the logged-in viewer only', async () => {
    expectOk(await like(t, owner, made['Red kites']!));
    const mine = titles(await search({ q: 'lighthouse', scope: 'mine' }, asOwner(owner)));
    expect(mine).toEqual(expect.arrayContaining(['Lighthouse draft', 'Lighthouse private', 'Lighthouse queued', 'Harbour', 'Lighthouse 1']));
    expect(mine).not.toContain('Lighthouse 0');
    expect(mine).toHaveLength(10);
    expect(titles(await search({ q: 'kites', scope: 'mine' }, asOwner(owner)))).toEqual(['Red kites']);
    // Someone else's stuff is their own: nothing of the owner's drafts.
    expect(titles(await search({ q: 'lighthouse', scope: 'mine' }, asOwner(other)))).not.toContain('Lighthouse draft');
    expectError(await get(t.app, '/svc/search/posts?q=lighthouse&scope=mine'), 401);
  });

  it('answers a clear 400 for bad input, and changes nothing', async () => {
    expectError(await get(t.app, '/svc/search/posts'), 400, /q is missing/);
    expectError(await get(t.app, '/svc/search/posts?q=%20%20'), 400, /q is empty/);
    expectError(await get(t.app, `/svc/search/posts?q=${'a'.repeat(201)}`), 400, /200 characters/);
    expectError(await get(t.app, '/svc/search/posts?q=a&sort=best'), 400, /sort must be one of/);
    expectError(await get(t.app, '/svc/search/posts?q=a&filter_post_type=gif'), 400);
    expectError(await get(t.app, '/svc/search/posts?q=a&before=99999999999999999999'), 400);
    expectError(await get(t.app, '/svc/search/posts?q=a&sort=top&before=100000'), 400, /not one this server gave out/);
    expectError(await get(t.app, '/svc/search/posts?q=a&sort=top&before=1_99999999999999999999'), 400, /not one this server gave out/);
    expectError(await get(t.app, '/svc/search/posts?q=a&sort=top&before=3000000000_1'), 400, /not one this server gave out/);
    expectError(await get(t.app, '/svc/search/posts?q=a&before=1_2'), 400, /not one this server gave out/);
    expectOk(await get(t.app, '/svc/search/posts?q=a&sort=top&before=0_1'));
    expectError(await get(t.app, '/svc/search/posts?q=%23%23'), 400, /after the #/);
    // Operators and quotes are read as words, never as a syntax error.
    expectOk(await get(t.app, `/svc/search/posts?q=${encodeURIComponent('"red & !:* (kites')}`));
  });
});

describe('sort=top (popularity)', () => {
  const noteCounts = (posts: PostView[]) => posts.map((p) => p.note_count);

  it('ranks an old popular post above newer unpopular ones, and follows notes as they come and go', async () => {
    const old = await createPost(t.app, other, textPost('Beacon old', '<p>a beacon on the hill</p>'));
    const mid = await createPost(t.app, other, textPost('Beacon mid', '<p>a beacon by the road</p>'));
    for (let i = 0; i < 11; i++) await createPost(t.app, owner, textPost(`Beacon ${i}`, '<p>another beacon</p>'));
    expectOk(await like(t, reader, old));
    expectOk(await like(t, owner, old));
    expectOk(await reply(t, owner, old, 'what a beacon'));
    expectOk(await fastReblog(t, reader, mid));

    const found = await search({ q: 'beacon', sort: 'top' });
    // Two pages (10 and the rest), each post once; the counts are hydration's own, not the index's.
    expect(found.slice(0, 2).map((p) => p.id)).toEqual([old.id, mid.id]);
    expect(noteCounts(found).slice(0, 2)).toEqual([3, 1]);
    expect(new Set(found.map((p) => p.id)).size).toBe(found.length);
    expect(found.length).toBeGreaterThanOrEqual(13);
    const rest = found.slice(2);
    expect(rest.map((p) => p.id)).toEqual([...rest].sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1)).map((p) => p.id));
    // Recent sort keeps its order: the newest first, the old post last.
    expect((await search({ q: 'beacon', sort: 'recent' })).at(-1)!.id).toBe(old.id);

    // Unlikes count down: old keeps its reply (1 note), as many as mid, and the newer wins the tie.
    expectOk(await unlike(t, reader, old));
    expectOk(await unlike(t, owner, old));
    const after = await search({ q: 'beacon', sort: 'top' });
    expect(after.slice(0, 2).map((p) => p.id)).toEqual([mid.id, old.id]);
    expect(noteCounts(after).slice(0, 2)).toEqual([1, 1]);
    // A reblog made private stops counting; made public again, it counts once more.
    const reblog = await sql<{ id: string }>`select id from posts where reblog_of_id = ${mid.id}`.execute(t.db);
    await t.db.updateTable('posts').set({ is_private: true }).where('id', '=', reblog.rows[0]!.id).execute();
    expect((await search({ q: 'beacon', sort: 'top' }))[0]!.id).toBe(old.id);
    await t.db.updateTable('posts').set({ is_private: false }).where('id', '=', reblog.rows[0]!.id).execute();
    expect((await search({ q: 'beacon', sort: 'top' }))[0]!.id).toBe(mid.id);
  });

  it('keeps the kept count equal to the counted one for every post, through bursts of likes', async () => {
    const target = await createPost(t.app, owner, textPost('Beacon burst', '<p>a busy beacon</p>'));
    const fans = [other, reader, await register(t.app), await register(t.app)];
    for (const res of await Promise.all(fans.map((s) => like(t, s, target)))) expectOk(res);
    for (const res of await Promise.all(fans.slice(0, 2).map((s) => unlike(t, s, target)))) expectOk(res);
    for (const res of await Promise.all(fans.map((s) => reply(t, s, target, 'bright')))) expectOk(res);
    expect((await search({ q: 'busy beacon', sort: 'top' }))[0]!.note_count).toBe(6);
    const { rows } = await sql<{ id: string; kept: number; counted: string }>`
      select n.post_id as id, n.notes as kept,
        (select count(*) from likes l where l.post_id = n.post_id)
        + (select count(*) from posts r where r.reblog_of_id = n.post_id and r.publish_id is not null and not r.is_private)
        + (select count(*) from replies y where y.post_id = n.post_id) as counted
      from post_notes n`.execute(t.db);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect({ id: row.id, notes: row.kept }).toEqual({ id: row.id, notes: Number(row.counted) });
  });
});

describe('a word older than the newest 5,000 documents', () => {
  it('is still found, below the window, newest first and by rank', async () => {
    const needle = await createPost(t.app, other, textPost('Needle', '<p>a lone haystack needle</p>'));
    const blog = await blogId(t.db, blogOf(other));
    await sql`
      insert into posts (id, blog_id, type, state, publish_id, content, root_id, reblog_key)
      select x.id, ${blog}, 'text', 'published', x.id, jsonb_build_object('type', 'text', 'title', 'Filler ' || x.g, 'body_html', '<p>straw</p>'), x.id, 'k' || x.g
      from (select next_id() as id, g from generate_series(1, 5050) g) x`.execute(t.db);
    expect((await search({ q: 'haystack needle' })).map((p) => p.id)).toEqual([needle.id]);
    expect((await search({ q: 'needle', sort: 'top' })).map((p) => p.id)).toEqual([needle.id]);
    // A word in every filler post pages from the window, 10 at a time.
    const page = expectOk<PostSearchPage>(await get(t.app, '/svc/search/posts?q=straw'));
    expect(page.posts).toHaveLength(10);
    expect(page.next).not.toBeNull();
  });
});

describe('GET /svc/search/blogs', () => {
  it('finds blogs by name or title, exact name first; hides suspended and blocked blogs', async () => {
    await t.db.updateTable('blogs').set({ title: 'Harbour lights' }).where('id', '=', await blogId(t.db, blogOf(owner))).execute();
    const byTitle = expectOk<BlogSearchPage>(await get(t.app, '/svc/search/blogs?q=HARBOUR'));
    expect(byTitle.blogs.map((b) => b.name)).toEqual([blogOf(owner)]);
    const byName = expectOk<BlogSearchPage>(await get(t.app, `/svc/search/blogs?q=${blogOf(other)}`));
    expect(byName.blogs[0]!.name).toBe(blogOf(other));
    await block(t.db, owner, reader);
    expect(expectOk<BlogSearchPage>(await get(t.app, '/svc/search/blogs?q=harbour', asOwner(reader))).blogs).toEqual([]);
    await t.db.deleteFrom('blocks').execute();
    expect(expectOk<BlogSearchPage>(await get(t.app, '/svc/search/blogs?q=%25')).blogs).toEqual([]);
  });
});
