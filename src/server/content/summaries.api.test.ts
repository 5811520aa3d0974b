// One post, said the same way everywhere it is summed up: the blog card, the share data and the
// activity of its blog (they used to have a summary function each, and disagreed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage } from '../../shared/activity/types';
import type { ShareDataResponse } from '../../shared/share/types';
import type { BlogCardData } from '../../shared/types';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let reader: Session;
beforeAll(async () => {
  t = await createTestApp();
  reader = await register(t.app);
});
afterAll(() => t.close());

/** The post's summary and picture as the blog card, the share data and a like's notification say them. */
async function everywhere(fields: Record<string, unknown>) {
  const writer = await register(t.app);
  const created = await createPost(t.app, writer, fields);
  const card = expectOk<BlogCardData>(await get(t.app, `/svc/${blogOf(writer)}/posts/highlighted`));
  const share = expectOk<ShareDataResponse>(await post(t.app, `/svc/post/share/${blogOf(writer)}/${created.id}`, {}, asOwner(reader)));
  expectOk(await post(t.app, '/svc/like', { id: created.id, key: created.reblog_key }, asOwner(reader)));
  const activity = expectOk<ActivityPage>(await get(t.app, `/svc/activity/${blogOf(writer)}`, asOwner(writer)));
  const liked = activity.notifications.find((n) => n.type === 'like')!.post!;
  return {
    summaries: [card.highlighted_posts[0]!.summary, share.share_popover_data.post_summary, liked.summary],
    pictures: [card.highlighted_posts[0]!.thumbnail_url, liked.media_url],
  };
}

describe('post summaries and pictures', () => {
  it("say a link post by the page's excerpt when it has no title", async () => {
    const { summaries } = await everywhere({ 'post[type]': 'link', 'post[two]': 'https://bees.example/hive', excerpt: 'All about bees' });
    expect(summaries).toEqual(['All about bees', 'All about bees', 'All about bees']);
  });

  it('say an audio post as "Title – Artist"', async () => {
    const { summaries } = await everywhere({
      'post[type]': 'audio', 'post[one]': 'https://music.example/jude.mp3', 'id3_tags[title]': 'Hey Jude', 'id3_tags[artist]': 'The Beatles',
    });
    expect(summaries).toEqual(['Hey Jude – The Beatles', 'Hey Jude – The Beatles', 'Hey Jude – The Beatles']);
  });

  it("say a photo post by its photo's caption when the post has none", async () => {
    const { summaries, pictures } = await everywhere({
      'post[type]': 'photo', 'images[o1]': 'https://img.example/cat.jpg', 'caption[o1]': 'A cat asleep', 'post[two]': '',
    });
    expect(summaries).toEqual(['A cat asleep', 'A cat asleep', 'A cat asleep']);
    expect(pictures).toEqual(['https://img.example/cat.jpg', 'https://img.example/cat.jpg']);
  });

  it('show the first image of a text post', async () => {
    const { summaries, pictures } = await everywhere(textPost('Holiday', '<p>We went.</p><img src="https://img.example/beach.jpg">'));
    expect(summaries).toEqual(['Holiday', 'Holiday', 'Holiday']);
    expect(pictures).toEqual(['https://img.example/beach.jpg', 'https://img.example/beach.jpg']);
  });
});
