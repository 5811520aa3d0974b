import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationType } from '../db/tables/notification';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectOk, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
});
afterAll(() => t.close());

/** The statements one request sends, and what it answered. */
async function costOf(send: () => ReturnType<typeof post>) {
  const start = t.queryCount();
  const res = await send();
  return { statements: t.queryCount() - start, response: expectOk(res) };
}

const told = (blogName: string, type: NotificationType) =>
  t.db
    .selectFrom('notifications')
    .innerJoin('blogs', 'blogs.id', 'notifications.blog_id')
    .select(['notifications.type', 'notifications.from_blog_id'])
    .where('blogs.name', '=', blogName)
    .where('notifications.type', '=', type)
    .execute();

// Notifications are written by one family of functions (activity/notify.ts); set-based ones stay
// one statement, so the hot paths cost what they did. A like and a follow also read whether the
// acting blog is suspended, in the statement that locks their target (blocks/queries.ts
// assertMayReachLocked): no statement of its own.
describe('the cost of telling', () => {
  it('a like with its notification: 9 statements', async () => {
    const annPost = await createPost(t.app, ann, textPost('Likeable'));
    const liked = await costOf(() => post(t.app, '/svc/like', { id: annPost.id, key: annPost.reblog_key }, asOwner(bob)));
    expect(liked.statements).toBe(9);
    expect(await told(blogOf(ann), 'like')).toHaveLength(1);
  });

  it('a follow with its notification: 9 statements', async () => {
    const followed = await costOf(() => post(t.app, '/svc/follow', { tumblelog: blogOf(ann) }, asOwner(bob)));
    expect(followed.statements).toBe(9);
    expect(await told(blogOf(ann), 'follower')).toHaveLength(1);
  });
});
