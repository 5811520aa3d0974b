// An edit of one of the viewer's own posts (POST /svc/post/update with post_id): it keeps its id,
// blog and type; a reblog keeps its parent's content and trail and changes its comment.
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { watchVideo } from '../media/waiting-posts';
import type { EditPostInput } from './commands';
import { afterWrite, buildOriginal, isReblogPost, keptTrail, reblogComment, rowFields, savedAnswer, storedState, type PostParts, type SaveResult } from './save-steps';
import { ownPost } from './service';

export async function editPost(ctx: AppContext, viewer: Viewer, input: EditPostInput): Promise<SaveResult> {
  const now = new Date();
  const editing = await ownPost(ctx.db, viewer, input.postId);
  const editorType = input.editorType ?? editing.editor_type ?? viewer.user.default_editor_type;
  const state = storedState(input, now);
  const isReblog = isReblogPost(editing);
  let parts: PostParts;
  let waitingForVideo: string | null = null;
  if (isReblog) {
    parts = {
      content: editing.content,
      ...(await reblogComment(ctx, input.form.two, editorType)),
      trail: keptTrail(editing.trail, input.removeReblogTree),
      state,
      options: input.options,
      editorType,
    };
  } else {
    const original = await buildOriginal(ctx, viewer, { type: editing.type, form: input.form, options: input.options, editorType, state });
    parts = { ...original.parts, commentHtml: '', trail: [], editorType };
    // An answer keeps the question as asked and who asked it: the form writes only the answer.
    if (editing.content.type === 'note' && parts.content.type === 'note') {
      parts.content = { ...parts.content, question: editing.content.question, asking_name: editing.content.asking_name };
    }
    waitingForVideo = original.waitingForVideo;
  }
  const fields = rowFields(input, parts, input.date ?? editing.date, now);
  const published = fields.state === 'published';
  await ctx.db.transaction().execute(async (trx) => {
    // A feed position only while published: kept by an edit that stays published, a new one for a
    // post going (back) out, none for a post leaving (it leaves every list at once).
    // Read again under the row's lock: of two saves at once (two answers to one ask), the second
    // sees the first one's publishing, so the post is announced once.
    const current = await trx.selectFrom('posts').select(['publish_id', 'was_published']).where('id', '=', editing.id).forUpdate().executeTakeFirst();
    if (!current) throw postNotFound();
    await trx
      .updateTable('posts')
      .set({ ...fields, publish_id: published ? (current.publish_id ?? sql<string>`next_id()`) : null, was_published: current.was_published || published })
      .where('id', '=', editing.id)
      .execute();
    await afterWrite(trx, viewer, { postId: editing.id, blogId: editing.blog_id, fields, wasPublished: current.was_published, now });
  });
  if (waitingForVideo) await watchVideo(ctx.db, waitingForVideo, editing.id);
  return savedAnswer(ctx, viewer, { id: editing.id, blogName: editing.blog_name, isEdit: true, isReblog });
}
