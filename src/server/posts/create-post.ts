// A new original post on one of the viewer's blogs (POST /svc/post/update without post_id or
// reblog_post_id).
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { watchVideo } from '../media/waiting-posts';
import type { CreatePostInput } from './commands';
import { afterWrite, buildOriginal, insertPost, postingBlog, rowFields, savedAnswer, storedState, type SaveResult } from './save-steps';

export async function createPost(ctx: AppContext, viewer: Viewer, input: CreatePostInput): Promise<SaveResult> {
  const now = new Date();
  const blog = await postingBlog(ctx.db, viewer, input.blog);
  const editorType = input.editorType ?? viewer.user.default_editor_type;
  const state = storedState(input, now);
  const { parts, waitingForVideo } = await buildOriginal(ctx, viewer, { type: input.type, form: input.form, options: input.options, editorType, state });
  const fields = rowFields(input, { ...parts, commentHtml: '', trail: [], editorType }, input.date ?? now, now);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const postId = await insertPost(trx, fields, { blogId: blog.id, type: parts.content.type, rootId: null, reblogOf: null });
    await afterWrite(trx, viewer, { postId, blogId: blog.id, fields, wasPublished: false, now });
    return postId;
  });
  if (waitingForVideo) await watchVideo(ctx.db, waitingForVideo, id);
  return savedAnswer(ctx, viewer, { id, blogName: blog.name, isEdit: false, isReblog: false });
}
