// Issue 26.3: the save takes what the post form now offers: members_only, owner_flagged_nsfw,
// allow_photo_replies, the photo set layout and content_stats; junk is a 400 and saves nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_STATS_MESSAGE } from '../../shared/posts/content-stats';
import { createPost, savePost, textPost } from '../test/posts';
import { createTestApp, expectError, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
});
afterAll(() => t.close());

const postCount = async () => Number((await t.db.selectFrom('posts').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const stored = (id: string) => t.db.selectFrom('posts').select(['members_only', 'owner_flagged_nsfw', 'allow_photo_replies', 'options']).where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /svc/post/update: the form controls of issue 26.3', () => {
  it('keeps members_only, owner_flagged_nsfw and allow_photo_replies, and an edit changes only what it sends', async () => {
    const p = await createPost(t.app, ann, { ...textPost('Members'), members_only: '1', owner_flagged_nsfw: 'on', allow_photo_replies: true });
    expect(p).toMatchObject({ members_only: true, owner_flagged_nsfw: true, allow_photo_replies: true, is_sensitive: true });
    const edited = await createPost(t.app, ann, { post_id: p.id, 'post[type]': 'text', 'post[two]': 'Members', owner_flagged_nsfw: '0' });
    expect(edited).toMatchObject({ members_only: true, owner_flagged_nsfw: false, allow_photo_replies: true, is_sensitive: false });
  });

  it('keeps the counts the form sends as content_stats, as JSON text or an object', async () => {
    const stats = { words: 3, characters: 17, photos: 0, links: 1 };
    const a = await createPost(t.app, ann, { ...textPost('Counted'), content_stats: JSON.stringify(stats) });
    expect((await stored(a.id)).options['content_stats']).toEqual(stats);
    const b = await createPost(t.app, ann, { ...textPost('Counted too'), content_stats: stats });
    expect((await stored(b.id)).options['content_stats']).toEqual(stats);
    const c = await createPost(t.app, ann, textPost('Not counted'));
    expect((await stored(c.id)).options['content_stats']).toBeNull();
  });

  it('refuses junk content_stats with the message that shows the shape, saving nothing', async () => {
    const before = await postCount();
    const junk: unknown[] = [
      '{', '[]', '"3"', { words: -1, characters: 0, photos: 0, links: 0 }, { words: 1.5, characters: 0, photos: 0, links: 0 },
      { words: 1, characters: 1, photos: 0 }, { words: 1, characters: 1, photos: 0, links: 0, extra: 1 },
      { words: '1', characters: 1, photos: 0, links: 0 }, { words: 1e9, characters: 1, photos: 0, links: 0 }, 'x'.repeat(600),
    ];
    for (const value of junk) {
      const res = expectError(await savePost(t.app, ann, { ...textPost('Junk'), content_stats: value }), 400, CONTENT_STATS_MESSAGE);
      expect(res.errors![0]!.field).toBe('content_stats');
    }
    expectError(await savePost(t.app, ann, { ...textPost('Junk'), members_only: 'sometimes' }), 400, /Invalid "members_only" type/);
    expectError(await savePost(t.app, ann, { ...textPost('Junk'), owner_flagged_nsfw: [true] }), 400, /Invalid "owner_flagged_nsfw" type/);
    expect(await postCount()).toBe(before);
  });

  it('shows a photo set in the layout chosen, and the default for one that does not add up', async () => {
    const photos = { 'post[type]': 'photo', 'images[o1]': 'https://p.example/1.jpg', 'images[o2]': 'https://p.example/2.jpg', 'images[o3]': 'https://p.example/3.jpg' };
    const chosen = await createPost(t.app, ann, { ...photos, 'post[photoset_layout]': '12' });
    expect(chosen.content.type === 'photo' && chosen.content.layout).toBe('12');
    const wrong = await createPost(t.app, ann, { ...photos, 'post[photoset_layout]': '22' });
    expect(wrong.content.type === 'photo' && wrong.content.layout).toBe('3');
  });
});
