import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASK_TEXTS, ASKS_PER_HOUR } from '../../shared/asks/ask';
import type { PostPage, PostView, SaveResponse } from '../../shared/posts/types';
import type { Blog } from '../../shared/types';
import { blogId, block, follow, notificationsOf, socialRows } from '../notes/notes-test-kit';
import { asOwner, blogOf, page, savePost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
let asker: Session;
let stranger: Session;

const settings = (s: Session, fields: Record<string, unknown>) => post(t.app, `/svc/blog/${blogOf(s)}/settings`, fields, asOwner(s));
const askAs = (s: Session | null, fields: Record<string, unknown>, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/svc/post/ask', payload: fields, remoteAddress, headers: s ? { cookie: s.cookie, 'x-form-key': s.formKey } : {} });
const inboxOf = async (s: Session, name = blogOf(s)) => expectOk<PostPage>(await get(t.app, `/svc/blog/${name}/inbox`, asOwner(s)));

beforeAll(async () => {
  t = await createTestApp();
  [owner, asker, stranger] = [await register(t.app), await register(t.app), await register(t.app)];
});
afterAll(() => t.close());

describe('POST /svc/blog/{name}/settings (asks and submissions)', () => {
  it('starts with asks and submissions off, and saves what the owner turns on', async () => {
    const before = expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(owner)}`));
    expect(before).toMatchObject({ asks: false, anonymous_asks: false, submissions: false, submission_types: [] });
    const saved = expectOk<Blog>(
      await settings(owner, { asks: true, anonymous_asks: 'on', ask_page_title: ' Ask me anything ', submissions: true, submission_types: 'photo,text', submission_guidelines: 'Cats only.' }),
    );
    expect(saved).toMatchObject({ asks: true, anonymous_asks: true, ask_page_title: 'Ask me anything', submissions: true, submission_types: ['photo', 'text'], submission_guidelines: 'Cats only.' });
    const read = expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(owner)}`));
    expect(read).toMatchObject({ asks: true, anonymous_asks: true, submissions: true });
  });

  it('refuses an unknown submission type and changes nothing', async () => {
    expectError(await settings(owner, { submission_types: ['photo', 'poem'] }), 400, /Submission types are post types/);
    expect(expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(owner)}`)).submission_types).toEqual(['photo', 'text']);
  });

  it("refuses another person's change", async () => {
    expectError(await post(t.app, `/svc/blog/${blogOf(owner)}/settings`, { asks: false }, asOwner(stranger)), 403);
  });
});

describe('POST /svc/post/ask', () => {
  it('stores a named ask in the owner inbox only, and tells the blog who asked', async () => {
    expectOk(await askAs(asker, { recipient: blogOf(owner), question: 'What is\nyour favourite  colour?', anonymous: false }));
    const inbox = await inboxOf(owner);
    const ask = inbox.posts[0]!;
    expect(ask).toMatchObject({ type: 'note', state: '0 3', content: { question: 'What is your favourite  colour?', answer_html: '', asking_name: blogOf(asker) } });
    expect(ask.reblog_key).toEqual(expect.any(String));
    const told = await notificationsOf(t.db, blogOf(owner), 'ask');
    expect(told.at(-1)).toMatchObject({ from: blogOf(asker), post_id: ask.id });
    // Nobody else sees it: not the asker's dashboard, not the blog page.
    const blogPage = await page(t.app, `/svc/post/blog/${blogOf(owner)}/before/0`, stranger);
    expect(blogPage.posts.map((p) => p.id)).not.toContain(ask.id);
  });

  it('keeps nothing that names an anonymous asker where the owner reads', async () => {
    expectOk(await askAs(asker, { recipient: blogOf(owner), question: 'Secret question?', anonymous: true }));
    const ask = (await inboxOf(owner)).posts[0]!;
    expect(ask.content).toMatchObject({ question: 'Secret question?', asking_name: null });
    expect(JSON.stringify(ask)).not.toContain(blogOf(asker));
    const row = await t.db.selectFrom('posts').select(['from_blog_id', 'asker_hash']).where('id', '=', ask.id).executeTakeFirstOrThrow();
    expect(row.from_blog_id).toBeNull();
    expect(row.asker_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.asker_hash).not.toContain('203.0.113.7');
    const told = await notificationsOf(t.db, blogOf(owner), 'ask');
    expect(told.at(-1)).toMatchObject({ from: null, post_id: ask.id });
  });

  it('lets a logged-out visitor ask anonymously where the blog allows it', async () => {
    expectOk(await askAs(null, { recipient: blogOf(owner), question: 'Hello from outside' }));
    expect((await inboxOf(owner)).posts[0]!.content).toMatchObject({ question: 'Hello from outside', asking_name: null });
  });

  it('applies the question rules, with the spec texts, and stores nothing', async () => {
    const before = await socialRows(t.db);
    expectError(await askAs(asker, { recipient: blogOf(owner), question: '  \n ' }), 400, ASK_TEXTS.empty);
    for (const question of ['see http://x.org', 'go to www.example', 'visit example.com now', 'HTTPS://A.B']) {
      expectError(await askAs(asker, { recipient: blogOf(owner), question }), 400, ASK_TEXTS.noLinks);
    }
    expectError(await askAs(asker, { recipient: blogOf(owner), question: 'a'.repeat(501) }), 400, /at most 500/);
    expectError(await askAs(asker, { recipient: blogOf(owner) }), 400, ASK_TEXTS.empty);
    expectError(await askAs(asker, { question: 'Who?' }), 400, /recipient/);
    expect(await socialRows(t.db)).toEqual(before);
    expectOk(await askAs(asker, { recipient: blogOf(owner), question: `${'a'.repeat(500)}\n` }));
  });

  it('refuses blogs with asks off, anonymous asks where not allowed, a missing blog and the own blog', async () => {
    const before = await socialRows(t.db);
    expectError(await askAs(asker, { recipient: blogOf(stranger), question: 'Hi?' }), 403, `${blogOf(stranger)} is not taking questions right now.`);
    expectOk(await settings(stranger, { asks: true }));
    expectError(await askAs(asker, { recipient: blogOf(stranger), question: 'Hi?', anonymous: true }), 400, /does not take anonymous questions/);
    expectError(await askAs(null, { recipient: blogOf(stranger), question: 'Hi?' }), 401, /Log in to ask/);
    expectError(await askAs(asker, { recipient: 'no-such-blog-here', question: 'Hi?' }), 404);
    expectError(await askAs(owner, { recipient: blogOf(owner), question: 'Me?' }), 403, 'You cannot ask your own blog a question.');
    expect(await socialRows(t.db)).toEqual(before);
  });

  it('refuses a logged-in ask without the form key', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/svc/post/ask', payload: { recipient: blogOf(owner), question: 'Forged?' }, headers: { cookie: asker.cookie } });
    expectError(res, 403);
  });

  it('refuses across a block', async () => {
    const blocked = await register(t.app);
    await block(t.db, owner, blocked);
    expectError(await askAs(blocked, { recipient: blogOf(owner), question: 'Still there?' }), 403, /blocked/);
  });

  it('limits anonymous asks per address per hour with a 429 that says when to come back', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < ASKS_PER_HOUR; i += 1) expectOk(await askAs(null, { recipient: blogOf(owner), question: `Question ${i}` }, address));
    const res = await askAs(null, { recipient: blogOf(owner), question: 'One more' }, address);
    expectError(res, 429, /Too many questions asked this hour\. Try again in/);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not limited by it.
    expectOk(await askAs(null, { recipient: blogOf(owner), question: 'Other address' }, '198.51.100.10'));
  });
});

describe('GET /svc/blog/{name}/inbox', () => {
  it('is the owner alone: anyone else, logged in or not, finds nothing', async () => {
    expectError(await get(t.app, `/svc/blog/${blogOf(owner)}/inbox`, asOwner(stranger)), 404);
    expectError(await get(t.app, `/svc/blog/${blogOf(owner)}/inbox`), 404);
  });

  it('pages newest first by keyset', async () => {
    const first = await inboxOf(owner);
    expect(first.posts).toHaveLength(10);
    expect(first.next).not.toBeNull();
    const second = expectOk<PostPage>(await get(t.app, `/svc/blog/${blogOf(owner)}/inbox?before=${first.next}`, asOwner(owner)));
    const ids = [...first.posts, ...second.posts].map((p) => BigInt(p.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    expect(new Set(ids).size).toBe(ids.length);
    expectError(await get(t.app, `/svc/blog/${blogOf(owner)}/inbox?before=99999999999999999999`, asOwner(owner)), 400);
    // The feed-shaped address gives the same pages.
    const feed = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(owner)}/inbox/before/0`, asOwner(owner)));
    expect(feed.posts.map((p) => p.id)).toEqual(first.posts.map((p) => p.id));
    const next = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(owner)}/inbox/before/${first.next}`, asOwner(owner)));
    expect(next.posts.map((p) => p.id)).toEqual(second.posts.map((p) => p.id));
    expectError(await get(t.app, `/svc/post/blog/${blogOf(owner)}/inbox/after/0`, asOwner(owner)), 400);
  });

  it('counts what waits for the account menu', async () => {
    const { counts } = expectOk<{ counts: Record<string, number> }>(await get(t.app, '/svc/blog/inbox_counts', asOwner(owner)));
    expect(counts[blogOf(owner)]).toBeGreaterThan(10);
  });
});

describe('POST /answer', () => {
  let question: PostView;
  beforeAll(async () => {
    const people = await register(t.app);
    await follow(t.db, people, owner);
    expectOk(await askAs(asker, { recipient: blogOf(owner), question: 'Answer me?', anonymous: false }));
    question = (await inboxOf(owner)).posts[0]!;
  });
  const answerBody = (over: Record<string, unknown> = {}) => ({ post_id: question.id, tumblelog: blogOf(owner), key: question.reblog_key, answer_text: 'Yes.', ...over });

  it('refuses anyone but the owner, a wrong key and an empty answer, changing nothing', async () => {
    expectError(await post(t.app, '/answer', answerBody(), asOwner(asker)), 404);
    expectError(await post(t.app, '/answer', answerBody({ key: 'nope' }), asOwner(owner)), 404);
    expectError(await post(t.app, '/answer', answerBody({ answer_text: '  ' }), asOwner(owner)), 400, 'Write an answer before you publish it.');
    expectError(await post(t.app, '/answer', answerBody({ post_id: '99999999999999999999' }), asOwner(owner)), 400);
    const row = await t.db.selectFrom('posts').select('state').where('id', '=', question.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('unapproved');
  });

  it('publishes the answer with its question and asker, and tells the asker', async () => {
    const saved = expectOk<SaveResponse>(await post(t.app, '/answer', answerBody({ answer_text: 'Blue, of course.' }), asOwner(owner)));
    expect(saved.created_post).toMatchObject({ id: question.id, state: '0', content: { type: 'note', question: 'Answer me?', asking_name: blogOf(asker) } });
    expect(saved.created_post.content.type === 'note' && saved.created_post.content.answer_html).toContain('Blue, of course.');
    const told = await notificationsOf(t.db, blogOf(asker), 'ask_answer');
    expect(told).toEqual([expect.objectContaining({ from: blogOf(owner), post_id: question.id, note_meta: { answer_text: 'Blue, of course.' } })]);
    expect((await inboxOf(owner)).posts.map((p) => p.id)).not.toContain(question.id);
    const shown = await page(t.app, `/svc/post/blog/${blogOf(owner)}/before/0`, stranger);
    expect(shown.posts[0]).toMatchObject({ id: question.id, content: { question: 'Answer me?' } });
    // Answering twice finds no ask waiting.
    expectError(await post(t.app, '/answer', answerBody(), asOwner(owner)), 404);
  });

  it('an edit through the post form keeps the question as asked', async () => {
    const res = await savePost(t.app, owner, { post_id: question.id, 'post[type]': 'note', 'post[one]': 'Forged question', 'post[two]': '<p>Edited.</p>' });
    expect(expectOk<SaveResponse>(res).created_post.content).toMatchObject({ question: 'Answer me?', asking_name: blogOf(asker) });
  });

  it('two answers at once announce the answer once', async () => {
    expectOk(await askAs(asker, { recipient: blogOf(owner), question: 'Twice at once?', anonymous: false }));
    const ask = (await inboxOf(owner)).posts[0]!;
    const body = (text: string) => ({ post_id: ask.id, tumblelog: blogOf(owner), key: ask.reblog_key, answer_text: text });
    const answers = await Promise.all([post(t.app, '/answer', body('One.'), asOwner(owner)), post(t.app, '/answer', body('Two.'), asOwner(owner))]);
    expect(answers.filter((res) => res.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    const told = (await notificationsOf(t.db, blogOf(asker), 'ask_answer')).filter((n) => n.post_id === ask.id);
    expect(told).toHaveLength(1);
  });

  it('tells nobody when the ask was anonymous', async () => {
    expectOk(await askAs(asker, { recipient: blogOf(owner), question: 'Who am I?', anonymous: true }));
    const ask = (await inboxOf(owner)).posts[0]!;
    const before = (await notificationsOf(t.db, blogOf(asker))).length;
    expectOk(await post(t.app, '/answer', { post_id: ask.id, tumblelog: blogOf(owner), key: ask.reblog_key, answer_text: 'Nobody.' }, asOwner(owner)));
    expect((await notificationsOf(t.db, blogOf(asker))).length).toBe(before);
  });
});

describe('POST /svc/post/block_sender', () => {
  it('blocks an anonymous address from asking this blog again, by its hash', async () => {
    const address = '192.0.2.44';
    expectOk(await askAs(null, { recipient: blogOf(owner), question: 'Rude question' }, address));
    const ask = (await inboxOf(owner)).posts[0]!;
    expectError(await post(t.app, '/svc/post/block_sender', { post_id: ask.id }, asOwner(stranger)), 404);
    expect(expectOk(await post(t.app, '/svc/post/block_sender', { post_id: ask.id }, asOwner(owner)))).toEqual({ blocked: 'address' });
    expect((await inboxOf(owner)).posts.map((p) => p.id)).not.toContain(ask.id);
    const stored = await t.db.selectFrom('ask_blocks').select('asker_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(address);
    expectError(await askAs(null, { recipient: blogOf(owner), question: 'Again' }, address), 403, `${blogOf(owner)} is not taking questions from you.`);
    expectOk(await askAs(null, { recipient: blogOf(owner), question: 'Someone else' }, '192.0.2.45'));
  });

  it("blocks a named asker's blog", async () => {
    const pest = await register(t.app);
    expectOk(await askAs(pest, { recipient: blogOf(owner), question: 'Hi there', anonymous: false }));
    const ask = (await inboxOf(owner)).posts[0]!;
    expect(expectOk(await post(t.app, '/svc/post/block_sender', { post_id: ask.id }, asOwner(owner)))).toEqual({ blocked: 'blog' });
    const row = await t.db.selectFrom('blocks').selectAll().where('blocked_blog_id', '=', await blogId(t.db, blogOf(pest))).executeTakeFirst();
    expect(row).toBeDefined();
    expectError(await askAs(pest, { recipient: blogOf(owner), question: 'Hi again', anonymous: false }), 403, /blocked/);
  });
});

describe('submissions', () => {
  const photoFields = (name: string) => ({ channel_id: name, 'post[type]': 'text', 'post[one]': 'For you', 'post[two]': '<p>A submitted text</p>' });
  let submitted: PostView;

  it("is refused where the blog takes no submissions, or not of this type (403 as today)", async () => {
    expectError(await savePost(t.app, asker, photoFields(blogOf(stranger))), 403);
    expectError(await savePost(t.app, asker, { ...photoFields(blogOf(owner)), 'post[type]': 'quote', 'post[one]': 'Q' }), 403);
  });

  it('is stored as unapproved on the blog, crediting the submitter, and the blog is told', async () => {
    const saved = expectOk<SaveResponse>(await savePost(t.app, asker, { ...photoFields(blogOf(owner)), 'post[state]': '0' }));
    submitted = saved.created_post;
    expect(submitted).toMatchObject({ state: '0 3', blog: { name: blogOf(owner) }, submitted_by: { name: blogOf(asker) } });
    expect((await inboxOf(owner)).posts[0]!.id).toBe(submitted.id);
    const told = await notificationsOf(t.db, blogOf(owner), 'submission');
    expect(told.at(-1)).toMatchObject({ from: blogOf(asker), post_id: submitted.id });
  });

  it('approve and deny by anyone but the owner are refused, and change nothing', async () => {
    const before = await socialRows(t.db);
    expectError(await post(t.app, '/approve_submission', { id: submitted.id }, asOwner(asker)), 404);
    expectError(await post(t.app, '/deny_submission', { pid: submitted.id }, asOwner(stranger)), 404);
    expectError(await post(t.app, '/approve_submission', { id: submitted.id }), 401);
    expect(await socialRows(t.db)).toEqual(before);
    const row = await t.db.selectFrom('posts').select('state').where('id', '=', submitted.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('unapproved');
  });

  it('approve publishes it on the blog crediting the submitter', async () => {
    const { post: approved } = expectOk<{ post: PostView }>(await post(t.app, '/approve_submission', { id: submitted.id }, asOwner(owner)));
    expect(approved).toMatchObject({ state: '0', submitted_by: { name: blogOf(asker) } });
    const shown = await page(t.app, `/svc/post/blog/${blogOf(owner)}/before/0`, stranger);
    expect(shown.posts[0]).toMatchObject({ id: submitted.id, submitted_by: { name: blogOf(asker) } });
    expectError(await post(t.app, '/approve_submission', { id: submitted.id }, asOwner(owner)), 404);
  });

  it('approve with queue adds it to the queue; an ask cannot be approved', async () => {
    const saved = expectOk<SaveResponse>(await savePost(t.app, asker, photoFields(blogOf(owner))));
    const { post: queued } = expectOk<{ post: PostView }>(await post(t.app, '/approve_submission', { id: saved.created_post.id, queue: true }, asOwner(owner)));
    expect(queued.state_name).toBe('queued');
    expectOk(await askAs(asker, { recipient: blogOf(owner), question: 'Approve me?', anonymous: false }));
    const ask = (await inboxOf(owner)).posts[0]!;
    expectError(await post(t.app, '/approve_submission', { id: ask.id }, asOwner(owner)), 404);
  });

  it('is refused across a block, storing nothing', async () => {
    const blocked = await register(t.app);
    await block(t.db, owner, blocked);
    const before = await socialRows(t.db);
    expectError(await savePost(t.app, blocked, photoFields(blogOf(owner))), 403, /blocked/);
    expect(await socialRows(t.db)).toEqual(before);
  });

  it('deny deletes it and tells the submitter', async () => {
    const saved = expectOk<SaveResponse>(await savePost(t.app, asker, photoFields(blogOf(owner))));
    expectOk(await post(t.app, '/deny_submission', { pid: saved.created_post.id }, asOwner(owner)));
    expect(await t.db.selectFrom('posts').select('id').where('id', '=', saved.created_post.id).executeTakeFirst()).toBeUndefined();
    const told = await notificationsOf(t.db, blogOf(asker), 'submission_declined');
    expect(told.at(-1)).toMatchObject({ from: blogOf(owner) });
  });
});
