import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blogNameProblem } from '../../shared/blog-name';
import type { BlogCardData } from '../../shared/types';
import { png, upload } from '../media/test-files';
import type { UploadedMedia } from '../media/views';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type As, type Session, type TestApp } from '../test/test-app';
import { HIGHLIGHTED_COUNT } from './highlighted';

let t: TestApp;
let writer: Session;
let reader: Session;
let uuid: string;
beforeAll(async () => {
  t = await createTestApp();
  writer = await register(t.app);
  reader = await register(t.app);
  uuid = (await t.db.selectFrom('blogs').select('uuid').where('name', '=', blogOf(writer)).executeTakeFirstOrThrow()).uuid;
  await createPost(t.app, writer, textPost('Oldest'));
  await createPost(t.app, writer, { 'post[type]': 'quote', 'post[one]': 'To be or not to be', 'post[two]': 'Hamlet' });
  await createPost(t.app, writer, textPost('Second newest', '<p>Words</p><img src="https://example.com/a.png?x=1&amp;y=2">'));
  await createPost(t.app, writer, textPost('', '<p>No title, so the body speaks.</p>'));
  // Never shown on a card: drafts, private posts, the queue.
  await createPost(t.app, writer, { ...textPost('A draft'), 'post[state]': '1' });
  await createPost(t.app, writer, { ...textPost('Private'), 'post[state]': 'private' });
  await createPost(t.app, writer, { ...textPost('Queued'), 'post[state]': '2' });
});
afterAll(() => t.close());

const popover = (key: string, as: As = {}) => get(t.app, `/svc/tumblelog_popover/${key}?is_tumblelog_popover=true&is_user_mention=false`, as);
const highlighted = (name: string, as: As = {}) => get(t.app, `/svc/${name}/posts/highlighted`, as);

describe('GET /svc/tumblelog_popover/{name}', () => {
  it('answers the blog, no follow, and its newest public posts as snippets, logged out too', async () => {
    const card = expectOk<BlogCardData>(await popover(blogOf(writer)));
    expect(card).toMatchObject({ name: blogOf(writer), uuid, following: false, can_subscribe: false, is_subscribed: false });
    expect(card.global_theme_params.avatar_shape).toBe('circle');
    expect(card.highlighted_posts).toHaveLength(HIGHLIGHTED_COUNT);
    const [newest, second, third] = card.highlighted_posts;
    expect(newest).toMatchObject({ type: 'text', summary: 'No title, so the body speaks.', thumbnail_url: null });
    expect(newest!.post_url).toBe(`http://localhost:3000/blog/${blogOf(writer)}/post/${newest!.id}/no-title-so-the-body-speaks`);
    expect(second).toMatchObject({ type: 'text', summary: 'Second newest', thumbnail_url: 'https://example.com/a.png?x=1&y=2' });
    expect(third).toMatchObject({ type: 'quote', summary: 'To be or not to be' });
  });

  it('fetches a blog by its token (the uuid), which every blog carries as `token` (issue 26)', async () => {
    const byName = expectOk<BlogCardData>(await popover(blogOf(writer)));
    expect(byName.token).toBe(uuid);
    expect(expectOk<BlogCardData>(await popover(byName.token!)).name).toBe(blogOf(writer));
    expect(expectOk<BlogCardData>(await popover(uuid)).name).toBe(blogOf(writer));
    expect(expectOk<BlogCardData>(await popover(uuid.toUpperCase())).name).toBe(blogOf(writer));
  });

  it('carries the follow state of the viewer', async () => {
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(writer) }, asOwner(reader)));
    expect(expectOk<BlogCardData>(await popover(blogOf(writer), asOwner(reader)))).toMatchObject({ following: true, can_subscribe: true, is_subscribed: false });
    expectOk(await post(t.app, `/svc/blog/${blogOf(writer)}/subscription`, {}, asOwner(reader)));
    expect(expectOk<BlogCardData>(await popover(blogOf(writer), asOwner(reader)))).toMatchObject({ following: true, is_subscribed: true, is_friend: false });
    // Followed back: friends (spec 1 §2 is_friend), seen from either side once both follow.
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(reader) }, asOwner(writer)));
    expect(expectOk<BlogCardData>(await popover(blogOf(writer), asOwner(reader)))).toMatchObject({ following: true, is_friend: true });
    expect(expectOk<BlogCardData>(await popover(blogOf(reader), asOwner(writer)))).toMatchObject({ following: true, is_friend: true });
    // A follow one way only is no friendship.
    expectOk(await post(t.app, '/svc/unfollow', { tumblelog: blogOf(writer) }, asOwner(reader)));
    expect(expectOk<BlogCardData>(await popover(blogOf(reader), asOwner(writer)))).toMatchObject({ following: true, is_friend: false });
    expectOk(await post(t.app, '/svc/follow', { tumblelog: blogOf(writer) }, asOwner(reader)));
    expectOk(await post(t.app, `/svc/blog/${blogOf(writer)}/subscription`, {}, asOwner(reader)));
    // The owner's own card: not followed, and the current blog.
    expect(expectOk<BlogCardData>(await popover(blogOf(writer), asOwner(writer)))).toMatchObject({ following: false, is_current: true });
  });

  it('reads the posts in one query, however many the blog has', async () => {
    const small = await register(t.app);
    await createPost(t.app, small, textPost('Only one'));
    const queriesOf = async (name: string, as: As = {}) => {
      const before = t.queryCount();
      expectOk(await popover(name, as));
      return t.queryCount() - before;
    };
    // Logged out: the blog, then its posts.
    expect(await queriesOf(blogOf(small))).toBe(2);
    expect(await queriesOf(blogOf(writer))).toBe(2);
    // Logged in, also the session and the viewer's flags (following, subscribed, blocked) in one hydration query.
    expect(await queriesOf(blogOf(writer), asOwner(reader))).toBe(4);
    expect(expectOk<BlogCardData>(await popover(blogOf(small))).highlighted_posts).toHaveLength(1);
  });

  it('shows a photo post by a stored size of its first photo', async () => {
    const artist = await register(t.app);
    const [image] = expectOk<UploadedMedia[]>(await upload(t.app, asOwner(artist), { data: await png(800, 600) }));
    await createPost(t.app, artist, { 'post[type]': 'photo', 'images[o1]': image!.url, 'post[two]': '<p>A <b>blue</b> square</p>' });
    const [snippet] = expectOk<BlogCardData>(await popover(blogOf(artist))).highlighted_posts;
    expect(snippet).toMatchObject({ type: 'photo', summary: 'A blue square', thumbnail_url: image!.sizes.find((s) => s.width === 250)!.url });
  });

  it('leaves the posts out when a block stands between the viewer and the blog', async () => {
    const blocked = await register(t.app);
    const ids = await t.db.selectFrom('blogs').select(['id', 'name']).where('name', 'in', [blogOf(writer), blogOf(blocked)]).execute();
    const idOf = (name: string) => ids.find((b) => b.name === name)!.id;
    await t.db.insertInto('blocks').values({ blocker_blog_id: idOf(blogOf(writer)), blocked_blog_id: idOf(blogOf(blocked)) }).execute();
    expect(expectOk<BlogCardData>(await popover(blogOf(writer), asOwner(blocked))).highlighted_posts).toEqual([]);
    expect(expectOk<BlogCardData>(await popover(blogOf(writer), asOwner(reader))).highlighted_posts).toHaveLength(HIGHLIGHTED_COUNT);
  });

  it('hides a suspended blog from everyone but its owner', async () => {
    const gone = await register(t.app);
    await t.db.updateTable('blogs').set({ is_suspended: true }).where('name', '=', blogOf(gone)).execute();
    expectError(await popover(blogOf(gone)), 404, `There is no blog named "${blogOf(gone)}".`);
    expectError(await popover(blogOf(gone), asOwner(reader)), 404);
    expectOk(await popover(blogOf(gone), asOwner(gone)));
  });

  it('answers 404 for an unknown name or token', async () => {
    expectError(await popover('no-such-blog'), 404, 'There is no blog named "no-such-blog".');
    expectError(await popover('00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('GET /svc/{blogName}/posts/highlighted', () => {
  it('answers the same card as the popover call', async () => {
    const card = expectOk<BlogCardData>(await highlighted(blogOf(writer), asOwner(reader)));
    expect(card).toEqual(expectOk<BlogCardData>(await popover(blogOf(writer), asOwner(reader))));
  });

  it('answers 404 for an unknown blog', async () => {
    expectError(await highlighted('no-such-blog'), 404, 'There is no blog named "no-such-blog".');
  });

  it('shadows no other /svc route: every fixed first segment is a name no blog can take', async () => {
    const segments = new Set(
      t.app.routeTable.map((route) => route.url.split('/')).filter((parts) => parts[1] === 'svc' && parts[2] && !parts[2].startsWith(':')).map((parts) => parts[2]!),
    );
    expect(segments.size).toBeGreaterThan(5);
    for (const segment of segments) expect(blogNameProblem(segment), segment).not.toBeNull();
  });

  it('leaves the routes beside it working', async () => {
    expect(expectOk<{ user: { name: string } }>(await get(t.app, '/svc/user/info', asOwner(reader))).user).toBeTruthy();
    expectOk(await get(t.app, '/svc/following', asOwner(reader)));
    expect(expectOk<{ name: string }>(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(writer)}`)).name).toBe(blogOf(writer));
    // "data" is a fixed segment and a reserved name: no blog of that name, nothing else answers.
    expectError(await highlighted('data'), 404);
  });
});
