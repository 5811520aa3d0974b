// Issue 24.8: "@name" of a blog in a post, a reblog's comment or an answer links to that blog and
// tells it; a suspended or unknown blog is neither linked nor told, and a name in a link or in
// preformatted text stays text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotesPage, ReplyResponse } from '../../shared/notes/types';
import type { PostPage, PostView, SaveResponse } from '../../shared/posts/types';
import { notificationsOf, reply } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, savePost, textPost } from '../test/posts';
import { createTestApp, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
let sue: Session;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, sue] = [await register(t.app), await register(t.app), await register(t.app)];
  await t.db.updateTable('blogs').set({ is_suspended: true }).where('name', '=', blogOf(sue)).execute();
});
afterAll(() => t.close());

const link = (name: string, written = `@${name}`) => `<a href="/blog/${name}" data-peepr-blog="${name}">${written}</a>`;
const bodyOf = (p: PostView) => {
  if (p.content.type !== 'text') throw new Error(`not a text post: ${p.content.type}`);
  return p.content.body_html;
};

describe('POST /svc/post/update: mentions in a post', () => {
  it('links an existing blog (as written) and tells it; a suspended or unknown one is neither', async () => {
    const upper = blogOf(bob).toUpperCase();
    const p = await createPost(t.app, ann, textPost('Mentions', `<p>Hi @${upper}, @${blogOf(sue)} and @nobody-by-this-name</p>`));
    expect(bodyOf(p)).toBe(`<p>Hi ${link(blogOf(bob), `@${upper}`)}, @${blogOf(sue)} and @nobody-by-this-name</p>`);
    // Readers get the link as stored.
    const page = expectOk<PostPage>(await get(t.app, `/svc/post/blog/${blogOf(ann)}/before/0`));
    expect(bodyOf(page.posts.find((q) => q.id === p.id)!)).toContain(link(blogOf(bob), `@${upper}`));
    expect(await notificationsOf(t.db, blogOf(bob), 'user_mention')).toEqual([expect.objectContaining({ from: blogOf(ann), post_id: p.id })]);
    expect(await notificationsOf(t.db, blogOf(sue))).toEqual([]);
  });

  it('leaves a name inside a link or preformatted text as it was', async () => {
    const body = `<p><a href="https://example.com/">see @${blogOf(bob)}</a></p><pre>@${blogOf(bob)}</pre>`;
    const p = await createPost(t.app, ann, textPost('In links', body));
    expect(bodyOf(p)).not.toContain('data-peepr-blog');
  });

  it('links on an edit too, from the text as typed (the stored link is not fed back in)', async () => {
    const p = await createPost(t.app, ann, textPost('Edited', '<p>plain</p>'));
    const edited = expectOk<SaveResponse>(await savePost(t.app, ann, { ...textPost('Edited', `<p>now @${blogOf(bob)}</p>`), post_id: p.id })).created_post;
    expect(bodyOf(edited)).toBe(`<p>now ${link(blogOf(bob))}</p>`);
    const fetched = expectOk<{ source: { two: string } }>(await post(t.app, '/svc/post/fetch', { post_id: p.id }, asOwner(ann)));
    expect(fetched.source.two).toBe(`<p>now @${blogOf(bob)}</p>`);
  });

  it("links a reblog's comment", async () => {
    const root = await createPost(t.app, bob, textPost('Root'));
    const reblog = expectOk<SaveResponse>(await savePost(t.app, ann, { reblog_post_id: root.id, reblog_key: root.reblog_key, 'post[two]': `<p>thanks @${blogOf(bob)}</p>` })).created_post;
    expect(reblog.trail.at(-1)!.content_html).toBe(`<p>thanks ${link(blogOf(bob))}</p>`);
  });
});

describe('POST /svc/reply and GET /svc/post/notes: mentions in a reply', () => {
  it('names the blogs that link in `mentions` (not a suspended or unknown one), and tells them', async () => {
    const carl = await register(t.app);
    const p = await createPost(t.app, bob, textPost('Reply here'));
    const text = `@${blogOf(carl).toUpperCase()} look, and @${blogOf(sue)} and @nobody-by-this-name`;
    const { note } = expectOk<ReplyResponse>(await reply(t, ann, p, text));
    expect(note).toMatchObject({ type: 'reply', reply_text: text, mentions: [blogOf(carl)] });
    const notes = expectOk<NotesPage>(await get(t.app, `/svc/post/notes?post_id=${p.id}`));
    expect(notes.notes[0]).toMatchObject({ type: 'reply', mentions: [blogOf(carl)] });
    expect(await notificationsOf(t.db, blogOf(carl), 'note_mention')).toEqual([expect.objectContaining({ from: blogOf(ann), post_id: p.id })]);
    expect(await notificationsOf(t.db, blogOf(sue))).toEqual([]);
  });
});

describe('POST /answer: mentions in an answer', () => {
  it('links and tells the blog mentioned', async () => {
    expectOk(await post(t.app, `/svc/blog/${blogOf(ann)}/settings`, { asks: true }, asOwner(ann)));
    expectOk(await post(t.app, '/svc/post/ask', { recipient: blogOf(ann), question: 'Who do you read?', anonymous: false }, asOwner(bob)));
    const question = expectOk<PostPage>(await get(t.app, `/svc/blog/${blogOf(ann)}/inbox`, asOwner(ann))).posts[0]!;
    const before = (await notificationsOf(t.db, blogOf(bob), 'user_mention')).length;
    const saved = expectOk<SaveResponse>(
      await post(t.app, '/answer', { post_id: question.id, tumblelog: blogOf(ann), key: question.reblog_key, answer_text: `You, @${blogOf(bob)}, and not @${blogOf(sue)}.` }, asOwner(ann)),
    );
    const content = saved.created_post.content;
    if (content.type !== 'note') throw new Error('not an answer');
    expect(content.answer_html).toBe(`<p>You, ${link(blogOf(bob))}, and not @${blogOf(sue)}.</p>`);
    expect(await notificationsOf(t.db, blogOf(bob), 'user_mention')).toHaveLength(before + 1);
    expect(await notificationsOf(t.db, blogOf(sue))).toEqual([]);
  });
});
