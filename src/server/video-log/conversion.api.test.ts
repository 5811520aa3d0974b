import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { asOwner, createPost, textPost } from '../test/posts';
import { countRows, createTestApp, expectError, expectOk, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
let video: PostView;
let draft: PostView;

const LOG = JSON.stringify({ name: 'CONVERSION_ACTION_HTML5_VIDEO', extra: { player: 'tumbleweed-html5', player_version: '1' } });
const send = (body: Record<string, unknown>, as?: Session) => post(t.app, '/svc/log/conversion', body, as ? asOwner(as) : {});
const rows = () => t.db.selectFrom('video_conversions').selectAll().orderBy('user_id').execute();

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
  const embed = { 'post[type]': 'video', 'post[one]': 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' };
  video = await createPost(t.app, ann, embed);
  draft = await createPost(t.app, ann, { ...embed, 'post[state]': '1' });
});
afterAll(() => t.close());

describe('POST /svc/log/conversion', () => {
  it('stores one row per viewer and video, however often it is sent (at once too)', async () => {
    await Promise.all([send({ post_id: video.id, log: LOG }, bob), send({ post_id: video.id, log: LOG }, bob)]);
    expectOk(await send({ post_id: video.id, log: LOG }, bob));
    expectOk(await send({ post_id: draft.id, log: LOG }, ann));
    // Ann (registered first) logged her own draft; Bob the published video, once.
    expect(await rows()).toMatchObject([
      { post_id: draft.id },
      { post_id: video.id, player: 'tumbleweed-html5', player_version: '1' },
    ]);
  });

  it('logged out 401; a post the viewer cannot see, or not a video, 404', async () => {
    expectError(await send({ post_id: video.id, log: LOG }), 401);
    expectError(await send({ post_id: draft.id, log: LOG }, bob), 404);
    const text = await createPost(t.app, ann, textPost('Not a video'));
    expectError(await send({ post_id: text.id, log: LOG }, bob), 404);
  });

  it('bad input is a 400 that stores nothing', async () => {
    const before = await countRows(t.db);
    const count = (await rows()).length;
    expectError(await send({ post_id: video.id }, bob), 400, 'log is missing: send the conversion as JSON in the log field.');
    expectError(await send({ post_id: video.id, log: '{' }, bob), 400, 'log must be JSON.');
    expectError(await send({ post_id: video.id, log: JSON.stringify({ name: 'OTHER', extra: { player: 'a', player_version: '1' } }) }, bob), 400, 'log.name must be CONVERSION_ACTION_HTML5_VIDEO.');
    expectError(await send({ post_id: video.id, log: JSON.stringify({ name: 'CONVERSION_ACTION_HTML5_VIDEO' }) }, bob), 400);
    expectError(await send({ post_id: '99999999999999999999', log: LOG }, bob), 400);
    expect(await countRows(t.db)).toEqual(before);
    expect(await rows()).toHaveLength(count);
  });
});
