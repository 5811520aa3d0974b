import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_PAGE_SIZE, type Note, type NotesPage } from '../../shared/notes/types';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, page, textPost } from '../test/posts';
import { avatarUrlOf, createTestApp, expectError, expectOk, get, register, type Session, type TestApp } from '../test/test-app';
import { block, fastReblog, follow, like, reply } from './notes-test-kit';

let t: TestApp;
let ann: Session;
let bob: Session;
let dave: Session;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, dave] = [await register(t.app), await register(t.app), await register(t.app)];
});
afterAll(() => t.close());

const notesUrl = (p: { id: string }, before?: string | null) =>
  `/svc/post/notes?post_id=${p.id}${before ? `&before=${encodeURIComponent(before)}` : ''}`;

/** Every page of a post's notes as a viewer sees them, with what each page cost in queries. */
async function allNotes(p: PostView, viewer?: Session) {
  const pages: NotesPage[] = [];
  const costs: number[] = [];
  let before: string | null = null;
  do {
    const start = t.queryCount();
    const next: NotesPage = expectOk<NotesPage>(await get(t.app, notesUrl(p, before), viewer ? asOwner(viewer) : {}));
    costs.push(t.queryCount() - start);
    pages.push(next);
    before = next.next;
  } while (before !== null);
  return { pages, costs, notes: pages.flatMap((pg) => pg.notes) };
}

/** Users and blogs written directly: many likers, without the cost of registering each. */
async function makeLikers(count: number, prefix: string) {
  const blogs: { id: string; user_id: string; name: string }[] = [];
  for (let i = 0; i < count; i++) {
    const user = await t.db.insertInto('users').values({ email: `${prefix}-${i}@example.com`, password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
    const name = `${prefix}-${i}`;
    const blog = await t.db.insertInto('blogs').values({ user_id: user.id, name, title: name }).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ primary_blog_id: blog.id }).where('id', '=', user.id).execute();
    blogs.push({ id: blog.id, user_id: user.id, name });
  }
  return blogs;
}

describe('GET /svc/post/notes', () => {
  let p: PostView;
  let likers: Awaited<ReturnType<typeof makeLikers>>;
  beforeAll(async () => {
    p = await createPost(t.app, ann, textPost('Much loved'));
    // 15 likes at one and the same old moment (the tie-breaker must page them), 10 reblogs, 20 replies.
    likers = await makeLikers(15, 'liker');
    const at = new Date('2026-01-02T03:04:05.678901Z');
    await t.db.insertInto('likes').values(likers.map((l) => ({ user_id: l.user_id, post_id: p.id, blog_id: l.id, created_at: at }))).execute();
    for (let i = 0; i < 10; i++) expectOk(await fastReblog(t, bob, p));
    for (let i = 0; i < 20; i++) expectOk(await reply(t, dave, p, `Reply ${i}`));
    // Not notes: a draft, a queued and a private reblog.
    for (const state of ['1', '2', 'private']) {
      await createPost(t.app, bob, { reblog_post_id: p.id, reblog_key: p.reblog_key, 'post[state]': state });
    }
  });

  it('pages likes, reblogs and replies newest first, each once, at the same cost per page', async () => {
    const { pages, costs, notes } = await allNotes(p, bob);
    expect(pages.map((pg) => pg.notes.length)).toEqual([NOTES_PAGE_SIZE, NOTES_PAGE_SIZE, 5]);
    expect(pages.every((pg) => pg.note_count === 45)).toBe(true);
    const count = (type: Note['type']) => notes.filter((n) => n.type === type).length;
    expect([count('like'), count('reblog'), count('reply')]).toEqual([15, 10, 20]);
    const timestamps = notes.map((n) => n.timestamp);
    expect(timestamps).toEqual([...timestamps].sort((a, b) => b - a));
    // Every like once, though all 15 share one microsecond across a page boundary.
    expect(new Set(notes.filter((n) => n.type === 'like').map((n) => n.blog.name))).toEqual(new Set(likers.map((l) => l.name)));
    const replies = notes.filter((n) => n.type === 'reply');
    expect(replies.map((n) => n.reply_text)).toEqual(Array.from({ length: 20 }, (_, i) => `Reply ${19 - i}`));
    expect(new Set(replies.map((n) => n.reply_id)).size).toBe(20);
    expect(new Set(notes.filter((n) => n.type === 'reblog').map((n) => n.post_id)).size).toBe(10);
    // One query for the page, one for its blogs, whatever the page holds; the same on every page.
    expect(new Set(costs).size).toBe(1);
    expect(costs[0]).toBeLessThanOrEqual(6);
  });

  it('shows a reblog’s blog, address and added comment, and a like’s blog', async () => {
    const q = await createPost(t.app, ann, textPost('Comment on me'));
    const r = await createPost(t.app, bob, { reblog_post_id: q.id, reblog_key: q.reblog_key, 'post[two]': '<p>So <b>true</b><script>x</script></p>' });
    expectOk(await like(t, dave, q));
    const { notes } = await allNotes(q);
    expect(notes).toEqual([
      { type: 'like', timestamp: expect.any(Number), blog: expect.objectContaining({ name: blogOf(dave), avatar_url: avatarUrlOf(blogOf(dave), 128) }) },
      {
        type: 'reblog',
        timestamp: expect.any(Number),
        blog: expect.objectContaining({ name: blogOf(bob) }),
        post_id: r.id,
        post_url: r.post_url,
        added_html: '<p>So <b>true</b></p>',
      },
    ]);
  });

  it('leaves out notes of blogs in a block with the viewer; the count stays the post’s', async () => {
    const frank = await register(t.app);
    await t.db.insertInto('blocks').values({ blocker_blog_id: likers[0]!.id, blocked_blog_id: (await t.db.selectFrom('blogs').select('id').where('name', '=', blogOf(frank)).executeTakeFirstOrThrow()).id }).execute();
    const { notes, pages } = await allNotes(p, frank);
    expect(notes).toHaveLength(44);
    expect(notes.some((n) => n.blog.name === likers[0]!.name)).toBe(false);
    expect(pages[0]!.note_count).toBe(45);
  });

  it('is open to logged-out visitors for public posts; hidden posts are 404 except to their owner', async () => {
    expect((await allNotes(p)).notes).toHaveLength(45);
    const draft = await createPost(t.app, ann, { ...textPost('Draft'), 'post[state]': '1' });
    const priv = await createPost(t.app, ann, { ...textPost('Private'), 'post[state]': 'private' });
    for (const hidden of [draft, priv]) {
      expectError(await get(t.app, notesUrl(hidden)), 404);
      expectError(await get(t.app, notesUrl(hidden), asOwner(bob)), 404);
      expect(expectOk<NotesPage>(await get(t.app, notesUrl(hidden), asOwner(ann)))).toEqual({ notes: [], next: null, note_count: 0 });
    }
    expectError(await get(t.app, notesUrl({ id: '999999' })), 404);
  });

  it('is 404 across a block, and 400 for bad input', async () => {
    const gina = await register(t.app);
    await block(t.db, ann, gina);
    expectError(await get(t.app, notesUrl(p), asOwner(gina)), 404);
    expectError(await get(t.app, '/svc/post/notes'), 400, 'Say which post: post_id is missing.');
    expectError(await get(t.app, '/svc/post/notes?post_id=abc'), 400, 'post_id must be a post id (digits only).');
    expectError(await get(t.app, `${notesUrl(p)}&before=yesterday`), 400, 'The before cursor is not one this server gave out.');
  });
});

describe('notes in post lists', () => {
  it('counts notes, and marks what the viewer liked and reblogged, on the dashboard', async () => {
    const [reader, other] = [await register(t.app), await register(t.app)];
    await follow(t.db, reader, ann);
    await follow(t.db, other, ann);
    const liked = await createPost(t.app, ann, textPost('Liked and reblogged'));
    const queued = await createPost(t.app, ann, textPost('Reblogged to the queue'));
    const quiet = await createPost(t.app, ann, textPost('Quiet'));
    expectOk(await like(t, reader, liked));
    expectOk(await fastReblog(t, reader, liked));
    expectOk(await reply(t, other, liked, 'Hello'));
    expectOk(await fastReblog(t, reader, queued, { queue: '1' }));

    const seen = async (s: Session) => new Map((await page(t.app, '/svc/post/dashboard/before/0', s)).posts.map((p) => [p.id, p]));
    const mine = await seen(reader);
    expect(mine.get(liked.id)).toMatchObject({ note_count: 3, liked: true, reblogged: true });
    // A queued reblog is not a note yet, but the viewer has passed the post on.
    expect(mine.get(queued.id)).toMatchObject({ note_count: 0, liked: false, reblogged: true });
    expect(mine.get(quiet.id)).toMatchObject({ note_count: 0, liked: false, reblogged: false });
    const theirs = await seen(other);
    expect(theirs.get(liked.id)).toMatchObject({ note_count: 3, liked: false, reblogged: false });
    // Logged out, on the blog page: counts, and no flags.
    const blogPage = new Map((await page(t.app, `/svc/post/blog/${blogOf(ann)}/before/0`)).posts.map((p) => [p.id, p]));
    expect(blogPage.get(liked.id)).toMatchObject({ note_count: 3, liked: false, reblogged: false });
  });
});
