// Submissions (issue 14): a post sent to another person's blog through the post form
// (POST /svc/post/update with channel_id set to that blog). When the blog takes submissions of the
// post's type it is stored there as 'unapproved' (state code '0 3'), crediting the submitter's
// current blog, and waits in the blog's inbox for the owner to approve or deny it.
import type { AnyPostType } from '../../shared/posts/types';
import { notify } from '../activity/notify';
import { assertNotBlockedLocked } from '../blocks/queries';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { AppError, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { blogByName } from '../hydration/blogs';
import { refuse, take, type LimitRule } from '../limits/rate-limit';
import { actingBlogIdOf, assertUserMayReach, hiddenBySuspension } from '../visibility';
import { postingBlog, type StoredStateFields } from './save-steps';

/** Submissions one person may send per hour, to all blogs together. */
const SUBMISSIONS_PER_HOUR: LimitRule = { name: 'submissions-user', limit: 30, windowMs: 60 * 60_000 };

/** What a submission is stored as, whatever state the form asked for: the owner decides. */
export const SUBMITTED_STATE: StoredStateFields = { state: 'unapproved', is_private: false, publish_on: null };

export interface PostingTarget {
  blog: BlogRow;
  /** Set for a submission: the submitter's blog, credited on the post. */
  submitterBlogId: string | null;
}

/**
 * The blog a new post goes to: one of the viewer's own, or another's that takes submissions of
 * this type (then a submission). Anything else is the 403 of posting to someone else's blog.
 */
export async function postingTarget(db: Db, viewer: Viewer, name: string, type: AnyPostType): Promise<PostingTarget> {
  const blog = name ? await blogByName(db, name) : undefined;
  const submitterBlogId = actingBlogIdOf(viewer.user);
  const takesIt =
    blog &&
    blog.user_id !== viewer.user.id &&
    !hiddenBySuspension(blog, viewer.user.id) &&
    blog.submissions &&
    blog.submission_types.includes(type);
  if (blog && !takesIt && blog.user_id !== viewer.user.id && !hiddenBySuspension(blog, viewer.user.id) && blog.submissions) {
    // The blog takes submissions, of other types: say which, not that it is not the sender's blog.
    throw notThisType(blog, type);
  }
  if (!takesIt || !submitterBlogId) return { blog: await postingBlog(db, viewer, name), submitterBlogId: null };
  // The submission comes from the submitter's blog: a suspended one submits to nobody.
  await assertUserMayReach(db, viewer.user);
  const refusal = await take(db, [{ rule: SUBMISSIONS_PER_HOUR, subject: viewer.user.id }]);
  if (refusal) {
    throw refuse(refusal, 'submissions this hour');
  }
  return { blog, submitterBlogId };
}

const notThisType = (blog: BlogRow, type: AnyPostType) => {
  const message = blog.submission_types.length === 0
    ? `${blog.name} is not taking submissions right now.`
    : `${blog.name} does not take ${type} submissions. It takes: ${blog.submission_types.join(', ')}.`;
  return new AppError(403, ErrorCode.notAllowed, message, [{ code: ErrorCode.notAllowed, title: message, field: 'post[type]' }]);
};

/** In the submission's transaction: no block between the two (under the blog's row lock), then the blog is told. */
export async function checkSubmission(trx: Db, viewer: Viewer, target: PostingTarget): Promise<void> {
  if (!target.submitterBlogId) return;
  await assertNotBlockedLocked(trx, viewer.user.id, target.blog.id);
}

export async function announceSubmission(trx: Db, target: PostingTarget, postId: string): Promise<void> {
  if (!target.submitterBlogId) return;
  await notify(trx, [{ blogId: target.blog.id, type: 'submission', fromBlogId: target.submitterBlogId, postId }]);
}

export const notASubmission = () =>
  new AppError(404, ErrorCode.notFound, 'There is no such submission waiting in your inbox.');
