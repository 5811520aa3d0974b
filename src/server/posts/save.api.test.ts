import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_MESSAGES } from '../../shared/posts/messages';
import type { PostView, SaveResponse } from '../../shared/posts/types';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
});
afterAll(() => t.close());

describe('POST /svc/post/update: create each type', () => {
  it.each([
    ['text', { 'post[one]': 'Hello', 'post[two]': '<p>World <b>bold</b></p>' }, (p: PostView) => expect(p.content).toEqual({ type: 'text', title: 'Hello', body_html: '<p>World <b>bold</b></p>' })],
    ['photo', { 'images[o1]': 'https://example.com/a.jpg', 'caption[o1]': 'x'.repeat(300), 'images[o2]': 'https://example.com/b.jpg', 'post[photoset_order]': 'o2,o1', 'post[two]': '<p>Caption</p>', 'post[three]': 'example.com/more' },
      (p: PostView) => {
        if (p.content.type !== 'photo') throw new Error('not photo');
        expect(p.content.photos.map((ph) => ph.url)).toEqual(['https://example.com/b.jpg', 'https://example.com/a.jpg']);
        expect(p.content.photos[1]!.caption).toHaveLength(200);
        expect(p.content.linkthrough).toBe('https://example.com/more');
        expect(p.content.layout).toBe('2');
      }],
    ['quote', { 'post[one]': 'To be or not', 'post[two]': 'Hamlet', 'is_rich_text[two]': '0' }, (p: PostView) => expect(p.content).toMatchObject({ quote_html: '<p>To be or not</p>', source_html: '<p>Hamlet</p>' })],
    ['link', { 'post[one]': 'A site', 'post[two]': 'https://example.com/page', 'post[three]': '<p>Worth a look</p>', excerpt: 'Ex', author: 'Au' }, (p: PostView) => expect(p.content).toMatchObject({ title: 'A site', url: 'https://example.com/page', excerpt: 'Ex', author: 'Au' })],
    ['chat', { 'post[one]': 'Talk', 'post[two]': 'Ann: hi\nBob: hello there\n' }, (p: PostView) => expect(p.content).toMatchObject({ lines: [{ name: 'Ann', label: 'Ann:', phrase: 'hi' }, { name: 'Bob', label: 'Bob:', phrase: 'hello there' }] })],
    ['audio', { 'post[one]': 'https://example.com/song.mp3', 'post[two]': '<p>Listen</p>', 'id3_tags[title]': 'Song' }, (p: PostView) => expect(p.content).toMatchObject({ url: 'https://example.com/song.mp3', track_title: 'Song' })],
    ['video', { 'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'post[two]': '' }, (p: PostView) => {
      if (p.content.type !== 'video') throw new Error('not video');
      expect(p.content.embed_html).toContain('https://www.youtube.com/embed/dQw4w9WgXcQ');
    }],
  ])('creates a %s post and answers the spec save response', async (type, fields, check) => {
    const res = await savePost(t.app, ann, { 'post[type]': type, ...fields });
    const body = expectOk<SaveResponse>(res);
    expect(body.post).toEqual({ id: body.created_post.id, is_edit: false, is_reblog: false });
    expect(body.post_tumblelog.name_or_id).toBe(blogOf(ann));
    expect(body.message).toBe(`Posted to ${blogOf(ann)}.`);
    expect(body.created_post.type).toBe(type);
    expect(body.created_post.state).toBe('0');
    expect(body.created_post.is_mine).toBe(true);
    check(body.created_post);
    const row = await t.db.selectFrom('posts').selectAll().where('id', '=', body.created_post.id).executeTakeFirstOrThrow();
    expect(row.state).toBe('published');
    expect(row.publish_id).toBe(row.id);
  });

  it('accepts a form-encoded body with the same names', async () => {
    const form = new URLSearchParams({ channel_id: blogOf(ann), 'post[type]': 'text', 'post[one]': 'Form', 'post[two]': 'plain', 'post[tags]': 'a, b,#c' });
    const body = expectOk<SaveResponse>(await post(t.app, '/svc/post/update', form, asOwner(ann)));
    expect(body.created_post.tags).toEqual(['a', 'b', 'c']);
  });

  it('renders markdown, then sanitizes it', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Md', '# Head\n\n*em* <script>alert(1)</script>'), editor_type: 'markdown' });
    if (p.content.type !== 'text') throw new Error('not text');
    expect(p.content.body_html).toContain('<h2>Head</h2>');
    expect(p.content.body_html).toContain('<i>em</i>');
    expect(p.content.body_html).not.toContain('script');
  });

  it('stores no script from the HTML editor', async () => {
    const p = await createPost(t.app, ann, { ...textPost('XSS', '<img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>'), editor_type: 'html' });
    if (p.content.type !== 'text') throw new Error('not text');
    expect(p.content.body_html).not.toMatch(/onerror|javascript:/);
  });
});

describe('POST /svc/post/update: the spec messages, and nothing saved', () => {
  it.each([
    [{ 'post[type]': 'text', 'post[one]': '', 'post[two]': '<p></p>' }, POST_MESSAGES.textEmpty],
    [{ 'post[type]': 'photo' }, POST_MESSAGES.noPhotos],
    [{ 'post[type]': 'quote', 'post[one]': ' ' }, POST_MESSAGES.noQuote],
    [{ 'post[type]': 'link', 'post[two]': '' }, POST_MESSAGES.noUrl],
    [{ 'post[type]': 'link', 'post[two]': 'javascript:alert(1)' }, POST_MESSAGES.invalidUrl],
    [{ 'post[type]': 'chat', 'post[two]': '\n \n' }, POST_MESSAGES.noChat],
    [{ 'post[type]': 'audio', 'post[one]': '' }, POST_MESSAGES.noAudio],
    [{ 'post[type]': 'video', 'post[one]': '' }, 'No video specified.'],
    // Issue 26: an embed given but empty, and a direct (uploaded) video that is not there (spec 1 §5).
    [{ 'post[type]': 'video', 'post[one]': '  \n ' }, 'No embed specified.'],
    [{ 'post[type]': 'video', embed_code: ' ' }, 'No embed specified.'],
    [{ 'post[type]': 'video', 'post[one]': '<div>no embed here</div>' }, 'Invalid embed code'],
    [{ 'post[type]': 'note', 'post[one]': '' }, POST_MESSAGES.noQuestion],
    [{ ...textPost('x'), 'post[state]': 'sometimes' }, 'Invalid "state" value'],
    [{ ...textPost('x'), allow_answers: { yes: true } }, 'Invalid "allow_answers" type. Expected boolean, got object'],
    [{ ...textPost('x'), 'post[tags]': ['a'] }, 'Invalid "post[tags]" type. Expected string, got array'],
    [{ ...textPost('x'), 'post[type]': 'poem' }, /^Unknown post type "poem"/],
    [{ ...textPost('x'), 'post[state]': 'on.2' }, 'Choose the date and time to publish a scheduled post.'],
  ])('%j → 400 %s', async (fields, message) => {
    const before = await countRows(t.db);
    expectError(await savePost(t.app, ann, fields), 400, message);
    expect(await countRows(t.db)).toEqual(before);
  });

  it("answers 'Direct embed missing.' for an uploaded video that is not there (spec 1 §5)", async () => {
    const missing = `/media/aa/bb/${'a'.repeat(64)}-clip.mp4`;
    expectError(await savePost(t.app, ann, { 'post[type]': 'video', preuploaded_url: missing, confirm_tos: '1' }), 404, 'Direct embed missing.');
  });

  it('refuses posting to another person\'s blog with 403', async () => {
    const before = await countRows(t.db);
    expectError(await post(t.app, '/svc/post/update', { channel_id: blogOf(bob), ...textPost('hi') }, asOwner(ann)), 403);
    expect(await countRows(t.db)).toEqual(before);
  });

  it('needs a login (401) and the form key (403)', async () => {
    expectError(await post(t.app, '/svc/post/update', { channel_id: blogOf(ann), ...textPost('x') }), 401, 'You need to log in to do that.');
    expectError(await post(t.app, '/svc/post/update', { channel_id: blogOf(ann), ...textPost('x') }, { cookie: ann.cookie }), 403);
  });
});

describe('POST /svc/post/update: edit', () => {
  it('edits the owner\'s post and keeps its id; others get 403 (published) or 404 (draft)', async () => {
    const original = await createPost(t.app, ann, textPost('First'));
    const body = expectOk<SaveResponse>(await savePost(t.app, ann, { post_id: original.id, ...textPost('Second') }));
    expect(body.post).toMatchObject({ id: original.id, is_edit: true });
    expect(body.created_post.content).toMatchObject({ title: 'Second' });

    expectError(await post(t.app, '/svc/post/update', { post_id: original.id, channel_id: blogOf(bob), ...textPost('Hijack') }, asOwner(bob)), 403);
    const draft = await createPost(t.app, ann, { ...textPost('Draft'), 'post[state]': '1' });
    expectError(await post(t.app, '/svc/post/update', { post_id: draft.id, channel_id: blogOf(bob), ...textPost('Hijack') }, asOwner(bob)), 404);
    const row = await t.db.selectFrom('posts').select('content').where('id', '=', original.id).executeTakeFirstOrThrow();
    expect(row.content).toMatchObject({ title: 'Second' });
  });

  it('fetches a post for edit with its source as typed', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Src', '**md**'), editor_type: 'markdown', 'post[tags]': 'one,two' });
    const res = expectOk<{ post: PostView; source: { two: string; extra: Record<string, string> } }>(
      await post(t.app, '/svc/post/fetch', { post_id: p.id }, asOwner(ann)),
    );
    expect(res.source.two).toBe('**md**');
    expect(res.source.extra.tags).toBe('one,two');
    expect(res.source.extra.editor_type).toBe('markdown');
    expectError(await post(t.app, '/svc/post/fetch', { post_id: p.id }, asOwner(bob)), 403);
  });
});

describe('reblog', () => {
  it('keeps the trail: root, each reblogger\'s comment, in order', async () => {
    const root = await createPost(t.app, ann, textPost('Root post'));
    const fetched = expectOk<{ post: PostView }>(await post(t.app, '/svc/post/fetch', { reblog_id: root.id, reblog_key: root.reblog_key }, asOwner(bob)));
    expect(fetched.post.id).toBe(root.id);
    const first = expectOk<SaveResponse>(await savePost(t.app, bob, { reblog_post_id: root.id, reblog_key: root.reblog_key, 'post[two]': '<p>Bob adds</p>' }));
    expect(first.post.is_reblog).toBe(true);
    expect(first.created_post.content).toEqual(root.content);
    expect(first.created_post.trail.map((i) => [i.blog.name, i.content_html, i.is_root])).toEqual([
      [blogOf(ann), '', true],
      [blogOf(bob), '<p>Bob adds</p>', false],
    ]);
    expect(first.created_post.root_id).toBe(root.id);
    expect(first.created_post.reblogged_from).toEqual({ post_id: root.id, blog_name: blogOf(ann) });

    const second = await createPost(t.app, ann, { reblog_post_id: first.created_post.id, reblog_key: first.created_post.reblog_key, 'post[two]': '<p>Ann again</p>' });
    expect(second.trail.map((i) => i.content_html)).toEqual(['', '<p>Bob adds</p>', '<p>Ann again</p>']);

    const trimmed = await createPost(t.app, bob, { reblog_post_id: second.id, reblog_key: second.reblog_key, 'post[two]': '', remove_reblog_tree: '1' });
    expect(trimmed.trail.map((i) => i.is_root)).toEqual([true]);
  });

  it("gives a reblog form the published, sanitized post, never the author's input as typed", async () => {
    const typed = '<p>Public words</p><!-- note to self: the password is swordfish --><p onclick="steal()">More</p>';
    const root = await createPost(t.app, ann, { ...textPost('Typed', typed), editor_type: 'html' });
    const res = await post(t.app, '/svc/post/fetch', { reblog_id: root.id, reblog_key: root.reblog_key }, asOwner(bob));
    const fetched = expectOk<{ post: PostView; source?: unknown }>(res);
    expect(fetched).not.toHaveProperty('source');
    expect(fetched.post.content).toEqual({ type: 'text', title: 'Typed', body_html: '<p>Public words</p><p>More</p>' });
    expect(res.body).not.toMatch(/swordfish|<!--|onclick/);
    // The author's own edit form still gets what they typed.
    const own = expectOk<{ source: { two: string } }>(await post(t.app, '/svc/post/fetch', { post_id: root.id }, asOwner(ann)));
    expect(own.source.two).toBe(typed);
  });

  it('a wrong key is 404 and saves nothing', async () => {
    const root = await createPost(t.app, ann, textPost('Keyed'));
    const before = await countRows(t.db);
    expectError(await post(t.app, '/svc/post/fetch', { reblog_id: root.id, reblog_key: 'nope' }, asOwner(bob)), 404);
    expectError(await savePost(t.app, bob, { reblog_post_id: root.id, reblog_key: 'nope', 'post[two]': 'x' }), 404);
    expect(await countRows(t.db)).toEqual(before);
  });
});

describe('an empty body is judged after sanitizing', () => {
  it('a body of nothing but refused markup is "Post body empty." and saves nothing', async () => {
    const before = await countRows(t.db);
    for (const body of ['<img src="javascript:alert(1)">', '<script>alert(1)</script>', '<p><iframe src="https://evil.example/x"></iframe></p>']) {
      expectError(await savePost(t.app, ann, { 'post[type]': 'text', 'post[one]': '', 'post[two]': body, editor_type: 'html' }), 400, POST_MESSAGES.textEmpty);
    }
    expect(await countRows(t.db)).toEqual(before);
  });
});
