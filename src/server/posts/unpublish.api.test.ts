// A post that leaves 'published' (edited back to a draft, to the queue, or made private) leaves
// every list others read at once, and going out again does not tell its subscribers twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../shared/activity/types';
import type { BlogCardData } from '../../shared/types';
import type { NotesPage } from '../../shared/notes/types';
import type { PostView } from '../../shared/posts/types';
import type { GifSearchResult } from '../../shared/search/gif';
import { uploadedGifUrl } from '../media/test-files';
import { fastReblog, follow, notificationsOf } from '../notes/notes-test-kit';
import { asOwner, blogOf, createPost, page, savePost, textPost } from '../test/posts';
import { publishDue } from './queue';
import { createTestApp, expectError, expectOk, get, newAccount, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app, newAccount('ann'));
  bob = await register(t.app, newAccount('bob'));
  await follow(t.db, bob, ann);
  expectOk(await post(t.app, `/svc/blog/${blogOf(ann)}/subscription`, {}, asOwner(bob)));
});
afterAll(() => t.close());

const gifPost = (tag: string, url: string) => ({ 'post[type]': 'photo', 'images[o1]': url, 'post[tags]': tag });
const edit = (p: PostView, state: string, fields: Record<string, unknown> = textPost('Out once')) =>
  savePost(t.app, ann, { ...fields, post_id: p.id, 'post[state]': state });

/** Where others could meet the post: true for each list that shows it to bob or to a visitor. */
async function seenBy(p: PostView) {
  const ids = (posts: { id: string }[]) => posts.map((x) => x.id);
  const dashboard = ids((await page(t.app, '/svc/post/dashboard/before/0', bob)).posts);
  const blogPage = ids((await page(t.app, `/svc/post/blog/${blogOf(ann)}/before/0`)).posts);
  const card = expectOk<BlogCardData>(await get(t.app, `/svc/${blogOf(ann)}/posts/highlighted`, asOwner(bob)));
  const notes = await get(t.app, `/svc/post/notes?post_id=${p.id}`, asOwner(bob));
  const share = await post(t.app, `/svc/post/share/${blogOf(ann)}/${p.id}`, {}, asOwner(bob));
  const activity = expectOk<ActivityPage>(await get(t.app, `/svc/activity/${blogOf(bob)}`, asOwner(bob)));
  return {
    dashboard: dashboard.includes(p.id),
    blogPage: blogPage.includes(p.id),
    highlighted: ids(card.highlighted_posts).includes(p.id),
    notes: notes.statusCode === 200,
    share: share.statusCode === 200,
    activity: activity.notifications.some((n) => n.new_post?.id === p.id),
  };
}
const everywhere = { dashboard: true, blogPage: true, highlighted: true, notes: true, share: true, activity: true };
const nowhere = { dashboard: false, blogPage: false, highlighted: false, notes: false, share: false, activity: false };

describe('a published post that leaves published', () => {
  for (const [label, state] of [['a draft', '1'], ['the queue', '2'], ['private', 'private']] as const) {
    it(`edited to ${label} leaves the dashboard, the blog page, highlighted posts, notes, share data and activity`, async () => {
      const p = await createPost(t.app, ann, textPost(`Out once ${label}`));
      expect(await seenBy(p)).toEqual(everywhere);
      expectOk(await edit(p, state));
      expect(await seenBy(p)).toEqual(nowhere);
      // The owner still finds it where they keep such posts.
      if (state === '1') expect((await page(t.app, `/svc/post/blog/${blogOf(ann)}/drafts/before/0`, ann)).posts.map((x) => x.id)).toContain(p.id);
      if (state === 'private') expect((await page(t.app, `/svc/post/blog/${blogOf(ann)}/before/0`, ann)).posts.map((x) => x.id)).toContain(p.id);
    });
  }

  it('leaves GIF search', async () => {
    const url = await uploadedGifUrl(t.app, asOwner(ann));
    const g = await createPost(t.app, ann, gifPost('kestrelwing', url));
    const search = async () => expectOk<GifSearchResult>(await post(t.app, '/svc/search/inline_gif', { q: 'kestrelwing' }, asOwner(bob))).media.map((m) => m.postId);
    expect(await search()).toEqual([g.id]);
    expectOk(await edit(g, '1', gifPost('kestrelwing', url)));
    expect(await search()).toEqual([]);
  });

  it("takes a reblog edited back to a draft out of the original's notes and note count", async () => {
    const p = await createPost(t.app, ann, textPost('Reblogged'));
    const reblog = expectOk<{ post_id: string }>(await fastReblog(t, bob, p)).post_id;
    const notes = async () => expectOk<NotesPage>(await get(t.app, `/svc/post/notes?post_id=${p.id}`, asOwner(ann))).notes.length;
    expect(await notes()).toBe(1);
    expectOk(await savePost(t.app, bob, { post_id: reblog, 'post[state]': '1', 'post[two]': '' }));
    expect(await notes()).toBe(0);
    expect((await page(t.app, `/svc/post/blog/${blogOf(bob)}/before/0`)).posts.map((x) => x.id)).not.toContain(reblog);
  });

  it('keeps no feed position while out: the database refuses a draft with one', async () => {
    const p = await createPost(t.app, ann, textPost('Checked'));
    expectOk(await edit(p, '1'));
    const row = await t.db.selectFrom('posts').select(['publish_id', 'was_published']).where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ publish_id: null, was_published: true });
    await expect(t.db.updateTable('posts').set({ publish_id: p.id }).where('id', '=', p.id).execute()).rejects.toThrow(/posts_publish_id_published/);
  });

  it('goes back out on top when published again, and tells its subscribers only the first time', async () => {
    const p = await createPost(t.app, ann, textPost('Twice out'));
    const newPosts = async () => (await notificationsOf(t.db, blogOf(bob), 'new_post')).filter((n) => n.new_post_id === p.id).length;
    expect(await newPosts()).toBe(1);
    expectOk(await edit(p, '1'));
    const later = await createPost(t.app, ann, textPost('Meanwhile'));
    expectOk(await post(t.app, '/publish', { id: p.id }, asOwner(ann)));
    const dashboard = (await page(t.app, '/svc/post/dashboard/before/0', bob)).posts.map((x) => x.id);
    expect(dashboard.slice(0, 2)).toEqual([p.id, later.id]);
    // Edited out and back in through the form, then through the queue: still one notification.
    expectOk(await edit(p, '1'));
    expectOk(await edit(p, '0'));
    expectOk(await edit(p, '2'));
    // The queue publishes one post of a blog a pass, oldest first: passes until it is this one's turn.
    for (let pass = 0; pass < 5 && (await t.db.selectFrom('posts').select('state').where('id', '=', p.id).executeTakeFirstOrThrow()).state === 'queued'; pass++) {
      await t.db.updateTable('blogs').set({ queue_next_at: new Date(Date.now() - 1000) }).where('name', '=', blogOf(ann)).execute();
      await publishDue(t.db, new Date());
    }
    expect(await newPosts()).toBe(1);
    expect(await seenBy(p)).toEqual(everywhere);
  });

  it('answers 404 to others for a post that went back to the drafts', async () => {
    const p = await createPost(t.app, ann, textPost('Gone again'));
    expectOk(await edit(p, '1'));
    expectError(await post(t.app, '/svc/like', { id: p.id, key: p.reblog_key }, asOwner(bob)), 404);
  });
});
