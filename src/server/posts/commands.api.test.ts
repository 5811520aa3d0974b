import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastReblogResponse } from '../../shared/notes/types';
import type { PostView, SaveResponse } from '../../shared/posts/types';
import type { Viewer } from '../http/session';
import { block, blogId, fastReblog, notificationsOf, socialRows } from '../notes/notes-test-kit';
import { blogOf, createPost as createThroughForm, savePost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, register, userByEmail, type Session, type TestApp } from '../test/test-app';
import { settingsFor } from './commands';
import { createPost } from './create-post';
import { createReblog } from './create-reblog';
import { editPost } from './edit-post';
import { parsePostCommand } from './payload';

// The form parser, watched: the save route must go through it, fast reblog must not.
vi.mock('./payload', async (importOriginal) => {
  const real = await importOriginal<typeof import('./payload')>();
  return { ...real, parsePostCommand: vi.fn(real.parsePostCommand) };
});

let t: TestApp;
let ann: Session;
let bob: Session;
let carol: Session;
let root: PostView;

const viewerOf = async (s: Session): Promise<Viewer> => ({
  user: await userByEmail(t.db, s.body.response.user.email),
  sessionId: '',
  formKey: '',
});
const rowOf = (id: string) => t.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const form = (fields: { one?: string; two?: string; three?: string } = {}) => ({
  one: fields.one ?? '',
  two: fields.two ?? '',
  three: fields.three ?? '',
  richText: { one: false, two: true, three: false },
  raw: {},
});

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, carol] = [await register(t.app), await register(t.app), await register(t.app)];
  root = await createThroughForm(t.app, ann, textPost('The original'));
  // Ann's blog blocked Carol's: Carol may not reblog Ann's posts.
  await block(t.db, ann, carol);
});
afterAll(() => t.close());

describe('createReblog, called with a typed input (as fast reblog does)', () => {
  it('reblogs with the trail and a comment, and tells the parent blog', async () => {
    const saved = await createReblog(t.ctx, await viewerOf(bob), {
      ...settingsFor('published'),
      blog: blogOf(bob),
      parent: { postId: root.id, key: root.reblog_key },
      comment: '<p>Bob <b>adds</b><script>x()</script></p>',
      removeReblogTree: false,
    });
    expect(saved.post).toEqual({ id: saved.created_post.id, is_edit: false, is_reblog: true });
    expect(saved.message).toBe(`Posted to ${blogOf(bob)}.`);
    const row = await rowOf(saved.post.id);
    expect(row).toMatchObject({ reblog_of_id: root.id, root_id: root.id, state: 'published', publish_id: row.id, was_published: true, comment_html: '<p>Bob <b>adds</b></p>' });
    expect(row.trail).toEqual([{ post_id: root.id, blog_id: await blogId(t.db, blogOf(ann)), content_html: '', is_root: true }]);
    expect(row.content).toEqual(root.content);
    expect(row.source).toMatchObject({ one: '', two: '<p>Bob <b>adds</b><script>x()</script></p>', three: '' });
    expect(await notificationsOf(t.db, blogOf(ann), 'reblog')).toEqual([expect.objectContaining({ from: blogOf(bob), new_post_id: row.id })]);
  });

  it('queues: no feed position, the blog queue armed, nobody told yet', async () => {
    const before = (await notificationsOf(t.db, blogOf(ann))).length;
    const saved = await createReblog(t.ctx, await viewerOf(bob), {
      ...settingsFor('queued'),
      blog: blogOf(bob),
      parent: { postId: root.id, key: root.reblog_key },
      comment: '',
      removeReblogTree: false,
    });
    expect(await rowOf(saved.post.id)).toMatchObject({ state: 'queued', publish_id: null, was_published: false });
    const blog = await t.db.selectFrom('blogs').select('queue_next_at').where('name', '=', blogOf(bob)).executeTakeFirstOrThrow();
    expect(blog.queue_next_at).not.toBeNull();
    expect(await notificationsOf(t.db, blogOf(ann))).toHaveLength(before);
  });

  it('refuses across a block (403, 4005), a wrong key (404) and another person\'s blog (403), saving nothing', async () => {
    const before = await socialRows(t.db);
    const input = { ...settingsFor('published'), blog: blogOf(carol), parent: { postId: root.id, key: root.reblog_key }, comment: '', removeReblogTree: false };
    await expect(createReblog(t.ctx, await viewerOf(carol), input)).rejects.toMatchObject({ status: 403, code: 4005 });
    await expect(createReblog(t.ctx, await viewerOf(bob), { ...input, blog: blogOf(bob), parent: { postId: root.id, key: 'nope' } })).rejects.toMatchObject({ status: 404 });
    await expect(createReblog(t.ctx, await viewerOf(bob), input)).rejects.toMatchObject({ status: 403 });
    expect(await socialRows(t.db)).toEqual(before);
  });
});

describe('createPost and editPost, called with typed inputs', () => {
  it('creates a draft, publishes it by an edit (telling its subscribers once), and takes it back to a draft', async () => {
    const viewer = await viewerOf(ann);
    const draft = await createPost(t.ctx, viewer, { ...settingsFor('draft'), blog: blogOf(ann), type: 'text', form: form({ one: 'Typed', two: '<p>Body</p>' }) });
    expect(draft.post).toEqual({ id: draft.created_post.id, is_edit: false, is_reblog: false });
    expect(await rowOf(draft.post.id)).toMatchObject({ state: 'draft', publish_id: null, was_published: false, content: { type: 'text', title: 'Typed', body_html: '<p>Body</p>' } });

    const edit = (state: 'published' | 'draft', title: string) =>
      editPost(t.ctx, viewer, { ...settingsFor(state), postId: draft.post.id, form: form({ one: title, two: '<p>Body</p>' }), removeReblogTree: false });
    const published = await edit('published', 'Out now');
    expect(published.post).toMatchObject({ id: draft.post.id, is_edit: true, is_reblog: false });
    const out = await rowOf(draft.post.id);
    expect(out).toMatchObject({ state: 'published', was_published: true, content: { title: 'Out now' } });
    expect(out.publish_id).not.toBeNull();

    await edit('draft', 'Back in');
    expect(await rowOf(draft.post.id)).toMatchObject({ state: 'draft', publish_id: null, was_published: true });
  });

  it('edits a reblog\'s comment and trims its trail, keeping the parent\'s content', async () => {
    const first = await createThroughForm(t.app, bob, { reblog_post_id: root.id, reblog_key: root.reblog_key, 'post[two]': '<p>Bob</p>' });
    const second = await createThroughForm(t.app, ann, { reblog_post_id: first.id, reblog_key: first.reblog_key, 'post[two]': '<p>Ann</p>' });
    expect((await rowOf(second.id)).trail).toHaveLength(2);
    const saved = await editPost(t.ctx, await viewerOf(ann), {
      ...settingsFor('published'),
      postId: second.id,
      // An edit names no type: a reblog's content stays its parent's whatever post[one] says.
      form: form({ one: 'ignored', two: '<p>Ann, edited</p>' }),
      removeReblogTree: true,
    });
    expect(saved.post).toMatchObject({ id: second.id, is_edit: true, is_reblog: true });
    const row = await rowOf(second.id);
    expect(row).toMatchObject({ comment_html: '<p>Ann, edited</p>', content: root.content });
    expect(row.trail.map((item) => item.is_root)).toEqual([true]);
  });

  it('refuses editing another person\'s post: 403 when published, saving nothing', async () => {
    const before = await rowOf(root.id);
    const input = { ...settingsFor('published'), postId: root.id, form: form({ one: 'Hijack', two: 'x' }), removeReblogTree: false };
    await expect(editPost(t.ctx, await viewerOf(bob), input)).rejects.toMatchObject({ status: 403 });
    expect(await rowOf(root.id)).toEqual(before);
  });
});

describe('POST /svc/post/update runs the one command its form names', () => {
  it('a form naming both a post to edit and a parent edits, and reblogs nothing', async () => {
    const mine = await createThroughForm(t.app, bob, textPost('Bob first'));
    const before = await socialRows(t.db);
    const body = expectOk<SaveResponse>(
      await savePost(t.app, bob, { ...textPost('Bob second'), post_id: mine.id, reblog_post_id: root.id, reblog_key: root.reblog_key, context_page: 'drafts' }),
    );
    expect(body.post).toEqual({ id: mine.id, is_edit: true, is_reblog: false });
    expect(body.post_context_page).toBe('drafts');
    expect(await socialRows(t.db)).toEqual(before);
  });

  it('a new post without post[type] is a 400 that says so', async () => {
    expectError(await savePost(t.app, bob, { 'post[one]': 'What am I?' }), 400, 'Say which type of post this is (post[type]).');
  });
});

describe('fast reblog does not go through the post form', () => {
  it('reblogs without the form parser, which the save route does use', async () => {
    const parse = vi.mocked(parsePostCommand);
    parse.mockClear();
    const reblogged = expectOk<FastReblogResponse>(await fastReblog(t, bob, root));
    expect((await rowOf(reblogged.post_id)).reblog_of_id).toBe(root.id);
    expect(parse).not.toHaveBeenCalled();
    expectOk(await savePost(t.app, bob, { reblog_post_id: root.id, reblog_key: root.reblog_key }));
    expect(parse).toHaveBeenCalledTimes(1);
  });
});
