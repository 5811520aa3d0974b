// POST /svc/post/get_video_data by post id answers only for a post the viewer may see: the one
// rule of rules/posts.ts (a draft, a private post, a suspended blog's post, a post across a block
// are "not found"). The upload cases, which need ffmpeg, are in video.api.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { asOwner, blogOf, createPost } from '../test/posts';
import { createTestApp, expectError, expectOk, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
let video: PostView;
let draft: PostView;

const embed = { 'post[type]': 'video', 'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
const ask = (postId: string, as: Session) => post(t.app, '/svc/post/get_video_data', { post_id: postId }, asOwner(as));

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
  video = await createPost(t.app, ann, embed);
  draft = await createPost(t.app, ann, { ...embed, 'post[state]': '1' });
});
afterAll(() => t.close());

describe('POST /svc/post/get_video_data with post_id', () => {
  it("answers a post anyone may see, and the owner's own draft", async () => {
    expect(expectOk<{ embed_url: string }>(await ask(video.id, bob)).embed_url).toMatch(/^https:\/\/www\.youtube\.com\/embed\//);
    expectOk(await ask(draft.id, ann));
    expectError(await ask(draft.id, bob), 404);
  });

  it('is "not found" across a block, as the post itself is', async () => {
    expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(ann), blocked_tumblelog: blogOf(bob) }, asOwner(ann)));
    expectError(await ask(video.id, bob), 404, 'There is no such post, or it is not yours to see.');
    expectOk(await ask(video.id, ann));
  });
});
