// A reblog of a published, public post onto one of the viewer's blogs: the post form's reblog
// (POST /svc/post/update with reblog_post_id) and fast reblog (notes/reblog.ts) both run this.
import type { AppContext } from '../context';
import { assertNotBlockedLocked } from '../blocks/queries';
import type { PostRow, StoredTrailItem } from '../db/tables/post';
import type { Viewer } from '../http/session';
import type { CreateReblogInput } from './commands';
import { afterWrite, insertPost, isReblogPost, keptTrail, postingBlog, reblogComment, rowFields, savedAnswer, storedState, type SaveResult } from './save-steps';
import { assertMayReach } from '../visibility';
import { reblogSource } from './service';

/** The parent's trail with the parent's own step added: the root alone when it is an original. */
function trailAfter(parent: PostRow): StoredTrailItem[] {
  return isReblogPost(parent)
    ? [...parent.trail, { post_id: parent.id, blog_id: parent.blog_id, content_html: parent.comment_html, is_root: false }]
    : [{ post_id: parent.id, blog_id: parent.blog_id, content_html: '', is_root: true }];
}

export async function createReblog(ctx: AppContext, viewer: Viewer, input: CreateReblogInput): Promise<SaveResult> {
  const now = new Date();
  const blog = await postingBlog(ctx.db, viewer, input.blog);
  assertMayReach(blog);
  const editorType = input.editorType ?? viewer.user.default_editor_type;
  const state = storedState(input, now);
  const parent = await reblogSource(ctx.db, viewer.user.id, input.parent.postId, input.parent.key);
  const fields = rowFields(
    input,
    {
      content: parent.content,
      ...(await reblogComment(ctx, input.comment, editorType)),
      trail: keptTrail(trailAfter(parent), input.removeReblogTree),
      state,
      options: input.options,
      editorType,
    },
    input.date ?? now,
    now,
  );
  const id = await ctx.db.transaction().execute(async (trx) => {
    // Under the parent blog's row lock, so a block made meanwhile cannot slip past (blocks/queries.ts).
    await assertNotBlockedLocked(trx, viewer.user.id, parent.blog_id);
    const postId = await insertPost(trx, fields, { blogId: blog.id, type: parent.content.type, rootId: parent.root_id, reblogOf: parent.id });
    await afterWrite(trx, viewer, { postId, blogId: blog.id, fields, wasPublished: false, now });
    return postId;
  });
  return savedAnswer(ctx, viewer, { id, blogName: blog.name, isEdit: false, isReblog: true });
}
