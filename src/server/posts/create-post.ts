// A new original post on one of the viewer's blogs, or a submission to another's (submission.ts)
// (POST /svc/post/update without post_id or reblog_post_id).
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { watchVideo } from '../media/waiting-posts';
import type { CreatePostInput } from './commands';
import { afterWrite, buildOriginal, insertPost, rowFields, savedAnswer, storedState, type SaveResult } from './save-steps';
import { announceSubmission, checkSubmission, postingTarget, SUBMITTED_STATE } from './submission';

export async function createPost(ctx: AppContext, viewer: Viewer, input: CreatePostInput): Promise<SaveResult> {
  const now = new Date();
  // Another person's blog that takes submissions of this type gets it as a submission.
  const target = await postingTarget(ctx.db, viewer, input.blog, input.type);
  const blog = target.blog;
  const editorType = input.editorType ?? viewer.user.default_editor_type;
  const state = target.submitterBlogId ? SUBMITTED_STATE : storedState(input, now);
  const { parts, waitingForVideo } = await buildOriginal(ctx, viewer, { type: input.type, form: input.form, options: input.options, editorType, state });
  const fields = rowFields(input, { ...parts, commentHtml: '', trail: [], editorType }, input.date ?? now, now);
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkSubmission(trx, viewer, target);
    const postId = await insertPost(trx, fields, { blogId: blog.id, type: parts.content.type, rootId: null, reblogOf: null, fromBlogId: target.submitterBlogId });
    await announceSubmission(trx, target, postId);
    await afterWrite(trx, viewer, { postId, blogId: blog.id, fields, wasPublished: false, now });
    return postId;
  });
  if (waitingForVideo) await watchVideo(ctx.db, waitingForVideo, id);
  return savedAnswer(ctx, viewer, { id, blogName: blog.name, isEdit: false, isReblog: false });
}
