// Issue 22 item 2: safe mode is one rule (spec 1 §6) in every area: on for a reader when the site
// flag is on and their setting is on; a logged-out visitor counts as having the setting on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndashBlogResponse } from '../shared/blog-viewer/types';
import type { ConversationWithMessages } from '../shared/messaging/api';
import type { PostView } from '../shared/posts/types';
import type { BlogSearchResponse, BlogTypeaheadResponse } from '../shared/search/blog-search';
import type { PostSearchPage } from '../shared/search/site';
import { form, person, sendTo, type Person } from './messaging/test-kit';
import { asOwner, blogOf, createPost, textPost } from './test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type As, type Session, type TestApp } from './test/test-app';

let t: TestApp;
let writer: Session;
let adult: Session;
/** Setting on (the default). */
let careful: Session;
/** Setting off. */
let relaxed: Session;
const made: Record<string, PostView> = {};

const setFlag = (enabled: boolean) => t.db.updateTable('feature_flags').set({ enabled }).where('name', '=', 'safe_mode').execute();
async function withFlagOff(run: () => Promise<void>) {
  await setFlag(false);
  try {
    await run();
  } finally {
    await setFlag(true);
  }
}

const as = (s: Session | null): As => (s ? asOwner(s) : {});
const siteSearch = async (s: Session | null) =>
  expectOk<PostSearchPage>(await get(t.app, '/svc/search/posts?q=meadow&sort=recent', as(s))).posts.map((p) => (p.content as { title: string }).title).sort();
const drawer = async (s: Session | null) => expectOk<IndashBlogResponse>(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${blogOf(adult)}`, as(s)));
const inBlogSearch = (s: Session | null) => get(t.app, `/svc/search/blog_search/${blogOf(adult)}/meadow`, as(s));

beforeAll(async () => {
  t = await createTestApp();
  [writer, adult, careful, relaxed] = [await register(t.app), await register(t.app), await register(t.app), await register(t.app)];
  expectOk(await post(t.app, '/svc/user/settings', { safe_mode: false }, asOwner(relaxed)));
  made.plain = await createPost(t.app, writer, textPost('Meadow plain'));
  made.flagged = await createPost(t.app, writer, { ...textPost('Meadow flagged'), owner_flagged_nsfw: '1' });
  await t.db.updateTable('posts').set({ owner_flagged_nsfw: true }).where('id', '=', made.flagged.id).execute();
  made.adult = await createPost(t.app, adult, textPost('Meadow adult'));
  await t.db.updateTable('blogs').set({ is_nsfw: true }).where('name', '=', blogOf(adult)).execute();
});
afterAll(() => t.close());

describe('the site flag safe_mode', () => {
  it('is stored on: the site offers safe mode unless an operator turns it off', async () => {
    const flag = await t.db.selectFrom('feature_flags').select('enabled').where('name', '=', 'safe_mode').executeTakeFirstOrThrow();
    expect(flag.enabled).toBe(true);
  });
});

describe('GET /svc/search/posts (site search)', () => {
  it('leaves out flagged posts and NSFW blogs for a logged-out visitor, as the drawer does', async () => {
    expect(await siteSearch(null)).toEqual(['Meadow plain']);
    expect(await siteSearch(careful)).toEqual(['Meadow plain']);
    expect(await siteSearch(relaxed)).toEqual(['Meadow adult', 'Meadow flagged', 'Meadow plain']);
  });

  it('with the site flag off, nobody is in safe mode, whatever their setting', async () => {
    await withFlagOff(async () => {
      for (const reader of [null, careful, relaxed]) expect(await siteSearch(reader)).toEqual(['Meadow adult', 'Meadow flagged', 'Meadow plain']);
    });
  });
});

describe('GET /svc/indash_blog (the drawer) and in-blog search', () => {
  it('withhold an NSFW blog from a visitor and a careful reader while the site offers safe mode', async () => {
    expect((await drawer(null)).safe_mode_hidden).toBe(true);
    expect((await drawer(careful)).safe_mode_hidden).toBe(true);
    expect((await drawer(relaxed)).safe_mode_hidden).toBe(false);
    expectError(await inBlogSearch(null), 403, /Safe Mode is on/);
    expectError(await inBlogSearch(careful), 403, /Safe Mode is on/);
    expectOk(await inBlogSearch(relaxed));
  });

  it('open it to everyone with the site flag off (spec 1 §6: flag and setting both on)', async () => {
    await withFlagOff(async () => {
      for (const reader of [null, careful]) {
        const open = await drawer(reader);
        expect(open.safe_mode_hidden).toBe(false);
        expect(open.posts.map((p) => p.id)).toEqual([made.adult!.id]);
        expectOk(await inBlogSearch(reader));
      }
    });
  });

  it("never withhold a reader's own blog", async () => {
    expect((await drawer(adult)).safe_mode_hidden).toBe(false);
  });
});

describe('POST /svc/conversations/messages with a post (POSTREF)', () => {
  let ann: Person;
  let bob: Person;
  beforeAll(async () => {
    [ann, bob] = [await person(t), await person(t)];
  });

  const sendPost = async (id: string) => {
    const first = expectOk<ConversationWithMessages>(await sendTo(t.app, ann, bob, 'hello'));
    const body = form({ participant: ann.uuid, conversation_id: first.id, type: 'POSTREF', 'post[id]': id });
    return expectOk<ConversationWithMessages>(await post(t.app, '/svc/conversations/messages', body, asOwner(ann.s))).messages.data[0]!.post!;
  };

  it("marks a post as NSFW by the same rule as safe mode's filters, an admin's sensitive mark included", async () => {
    const own = await createPost(t.app, ann.s, textPost('Meadow sent'));
    expect((await sendPost(own.id)).is_nsfw).toBe(false);
    await t.db.updateTable('posts').set({ is_sensitive: true }).where('id', '=', own.id).execute();
    expect((await sendPost(own.id)).is_nsfw).toBe(true);
    expect((await sendPost(made.flagged!.id)).is_nsfw).toBe(true);
    expect((await sendPost(made.adult!.id)).is_nsfw).toBe(true);
    expect((await sendPost(made.plain!.id)).is_nsfw).toBe(false);
  });
});

// Issue 22 item 2: an admin's sensitive mark hides a post in safe mode as its owner's NSFW flag
// does, in the lists that read post_search (site and in-blog search, the tag typeahead) as well
// as in the drawer's posts.
describe('a post an admin marked sensitive, for a reader in safe mode', () => {
  let keeper: Session;
  const titles = (posts: PostView[]) => posts.map((p) => (p.content as { title: string }).title).sort();
  beforeAll(async () => {
    keeper = await register(t.app);
    made.prairie = await createPost(t.app, keeper, { ...textPost('Prairie plain'), 'post[tags]': 'grassland' });
    made.marked = await createPost(t.app, keeper, { ...textPost('Prairie marked'), 'post[tags]': 'grassland,wildfire' });
    // What POST /svc/moderation/post/sensitive writes (appeals/service.ts markSensitive).
    await t.db.updateTable('posts').set({ is_sensitive: true }).where('id', '=', made.marked.id).execute();
  });

  const search = async (s: Session | null, q: string, sort = 'recent') =>
    titles(expectOk<PostSearchPage>(await get(t.app, `/svc/search/posts?q=${encodeURIComponent(q)}&sort=${sort}`, as(s))).posts);

  it('site search leaves it out, by words (recent and top) and by tag', async () => {
    for (const reader of [null, careful]) {
      expect(await search(reader, 'prairie')).toEqual(['Prairie plain']);
      expect(await search(reader, 'prairie', 'top')).toEqual(['Prairie plain']);
      expect(await search(reader, '#grassland')).toEqual(['Prairie plain']);
    }
    expect(await search(relaxed, 'prairie')).toEqual(['Prairie marked', 'Prairie plain']);
    expect(await search(relaxed, '#grassland')).toEqual(['Prairie marked', 'Prairie plain']);
  });

  it("the drawer's posts and in-blog search leave it out", async () => {
    const drawerOf = async (s: Session | null) =>
      titles(expectOk<IndashBlogResponse>(await get(t.app, `/svc/indash_blog?tumblelog_name_or_id=${blogOf(keeper)}`, as(s))).posts);
    const inBlog = async (s: Session | null) =>
      titles(expectOk<BlogSearchResponse>(await get(t.app, `/svc/search/blog_search/${blogOf(keeper)}/prairie`, as(s))).posts);
    for (const reader of [null, careful]) {
      expect(await drawerOf(reader)).toEqual(['Prairie plain']);
      expect(await inBlog(reader)).toEqual(['Prairie plain']);
    }
    expect(await drawerOf(relaxed)).toEqual(['Prairie marked', 'Prairie plain']);
    expect(await inBlog(relaxed)).toEqual(['Prairie marked', 'Prairie plain']);
  });

  it("the drawer's tag typeahead does not offer a tag only marked posts carry, and offers it again once the mark is lifted", async () => {
    const typeahead = async (s: Session | null) =>
      expectOk<BlogTypeaheadResponse>(await get(t.app, `/svc/search/blog_search_typeahead/${blogOf(keeper)}?q=`, as(s))).tags.map((x) => x.tag).sort();
    expect(await typeahead(careful)).toEqual(['grassland']);
    expect(await typeahead(relaxed)).toEqual(['grassland', 'wildfire']);
    await t.db.updateTable('posts').set({ is_sensitive: false }).where('id', '=', made.marked!.id).execute();
    try {
      expect(await typeahead(careful)).toEqual(['grassland', 'wildfire']);
      expect(await search(careful, 'prairie')).toEqual(['Prairie marked', 'Prairie plain']);
    } finally {
      await t.db.updateTable('posts').set({ is_sensitive: true }).where('id', '=', made.marked!.id).execute();
    }
  });
});
