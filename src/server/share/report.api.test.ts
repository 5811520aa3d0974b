import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { SHARE_MESSAGES } from '../../shared/share/schemas';
import type { ReportResponse } from '../../shared/share/types';
import { ErrorCode } from '../http/errors';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let ann: Session;
let bob: Session;
let annPost: PostView;

beforeAll(async () => {
  t = await createTestApp();
  ann = await register(t.app);
  bob = await register(t.app);
  annPost = await createPost(t.app, ann, textPost('Buy cheap watches'));
});
afterAll(() => t.close());

const reportsOf = (postId: string) => t.db.selectFrom('reports').selectAll().where('post_id', '=', postId).execute();

describe('POST /svc/post/report', () => {
  it('stores the report with the reporter, the reason and the note', async () => {
    const res = await post(t.app, '/svc/post/report', { post_id: annPost.id, tumblelog_name: blogOf(ann), reason: 'spam', message: ' Sells fakes ' }, asOwner(bob));
    const answer = expectOk<ReportResponse>(res);
    expect(answer.already_reported).toBe(false);
    expect(answer.report).toMatchObject({ post_id: annPost.id, reason: 'spam', message: 'Sells fakes' });
    const rows = await reportsOf(annPost.id);
    expect(rows).toHaveLength(1);
    const bobUser = await t.db.selectFrom('users').select('id').where('email', '=', bob.body.response.user.email).executeTakeFirstOrThrow();
    expect(rows[0]).toMatchObject({ id: answer.report.id, reporter_user_id: bobUser.id, reason: 'spam', message: 'Sells fakes', resolved_at: null });
  });

  it('is one report per reporter and post while it is open: a second answers the first', async () => {
    const res = await post(t.app, '/svc/post/report', { post_id: annPost.id, reason: 'harassment' }, asOwner(bob));
    const answer = expectOk<ReportResponse>(res);
    expect(answer.already_reported).toBe(true);
    expect(answer.report.reason).toBe('spam');
    expect(await reportsOf(annPost.id)).toHaveLength(1);
    // Once a moderator resolves it, a new report can be made.
    await t.db.updateTable('reports').set({ resolved_at: new Date() }).where('post_id', '=', annPost.id).execute();
    const again = expectOk<ReportResponse>(await post(t.app, '/svc/post/report', { post_id: annPost.id, reason: 'other' }, asOwner(bob)));
    expect(again.already_reported).toBe(false);
    expect(await reportsOf(annPost.id)).toHaveLength(2);
  });

  it('refuses your own post with 403', async () => {
    const body = expectError(await post(t.app, '/svc/post/report', { post_id: annPost.id, reason: 'spam' }, asOwner(ann)), 403);
    expect(body.errors![0]!.code).toBe(ErrorCode.notAllowed);
  });

  it.each([
    [{ reason: 'boring' }, SHARE_MESSAGES.reasonInvalid],
    [{}, SHARE_MESSAGES.reasonInvalid],
    [{ reason: 'spam', message: 'x'.repeat(501) }, SHARE_MESSAGES.reportTooLong],
    [{ reason: 'spam', post_id: 'abc' }, SHARE_MESSAGES.postInvalid],
  ])('%j → 400, nothing stored', async (fields, message) => {
    const other = await createPost(t.app, ann, textPost('Another'));
    expectError(await post(t.app, '/svc/post/report', { post_id: other.id, ...fields }, asOwner(bob)), 400, message);
    expect(await reportsOf(other.id)).toHaveLength(0);
  });

  it('answers 404 for a post the reporter cannot see, 401 logged out, 403 without the form key', async () => {
    const priv = await createPost(t.app, ann, { ...textPost('Private'), 'post[state]': 'private' });
    expectError(await post(t.app, '/svc/post/report', { post_id: priv.id, reason: 'spam' }, asOwner(bob)), 404);
    expectError(await post(t.app, '/svc/post/report', { post_id: '999999999', reason: 'spam' }, asOwner(bob)), 404);
    expectError(await post(t.app, '/svc/post/report', { post_id: annPost.id, reason: 'spam' }), 401, 'You need to log in to do that.');
    expectError(await post(t.app, '/svc/post/report', { post_id: annPost.id, reason: 'spam' }, { cookie: bob.cookie }), 403);
    expect(await reportsOf(priv.id)).toHaveLength(0);
  });
});
