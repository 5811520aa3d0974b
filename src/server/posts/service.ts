import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { EditorType } from '../../shared/constants';
import type { PostContent, PostView, SaveResponse } from '../../shared/posts/types';
import { normalizeUserUrl } from '../../shared/posts/urls';
import { announcePublished } from '../activity/published';
import { assertNotBlockedLocked } from '../blocks/queries';
import { blogByName } from '../hydration/blogs';
import { buildContent, formSource, slugFor } from '../content/build';
import { bodyHtml } from '../content/html';
import { NO_UPLOADS } from '../content/uploads';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { PostRow, StoredState, StoredTrailItem } from '../db/tables/post';
import { AppError, ErrorCode, invalidField, postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { thumbnailField } from '../links/thumbnail';
import { recordPostMedia } from '../media/access';
import { resolvePostUploads } from '../media/post-uploads';
import { watchVideo } from '../media/waiting-posts';
import { isPublicPost, isPublicState } from '../visibility';
import { hydratePosts } from '../hydration/hydrator';
import type { SavePayload } from './payload';
import { armQueue } from '../queue-slots';
import { postView } from '../hydration/post-views';

const notYours = () => new AppError(403, ErrorCode.forbidden, 'You can only change posts on your own blogs.');

const newReblogKey = () => randomBytes(6).toString('base64url');

/** What the stored row says for a requested state (private is a flag, scheduled a publish_on). */
function storedState(p: SavePayload, now: Date): { state: StoredState; is_private: boolean; publish_on: Date | null } {
  switch (p.state) {
    case 'private':
      return { state: 'published', is_private: true, publish_on: null };
    case 'scheduled': {
      if (!p.publishOn) throw invalidField('post[publish_on]', 'Choose the date and time to publish a scheduled post.');
      if (p.publishOn <= now) throw invalidField('post[publish_on]', 'Choose a time in the future to schedule a post.');
      return { state: 'queued', is_private: false, publish_on: p.publishOn };
    }
    case 'queued':
      return { state: 'queued', is_private: false, publish_on: null };
    case 'draft':
      return { state: 'draft', is_private: false, publish_on: null };
    case 'published':
      return { state: 'published', is_private: false, publish_on: null };
    default:
      throw invalidField('post[state]', 'Posts can be published, saved as drafts, queued, scheduled or private.');
  }
}

/** One post of the viewer's own blogs, or 404 (someone else's unpublished post) / 403 (published). */
export async function ownPost(db: Db, viewer: Viewer, postId: string): Promise<PostRow & { blog_name: string; blog_user_id: string }> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.id', 'posts.blog_id')
    .selectAll('posts')
    .select(['blogs.name as blog_name', 'blogs.user_id as blog_user_id'])
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  if (!row) throw postNotFound();
  if (row.blog_user_id !== viewer.user.id) {
    throw isPublicState(row) ? notYours() : postNotFound();
  }
  return row;
}

/** A published, public, rebloggable post whose key matches: what may be reblogged. */
export async function reblogSource(db: Db, postId: string, key: string): Promise<PostRow> {
  const row = await db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.id', 'posts.blog_id')
    .selectAll('posts')
    .select('blogs.is_suspended as blog_is_suspended')
    .where('posts.id', '=', postId)
    .executeTakeFirst();
  // Only what others may see can be reblogged: not a draft, a private post or a suspended blog's (visibility.ts).
  if (!row || row.reblog_key !== key || !isPublicPost(row, { is_suspended: row.blog_is_suspended }) || !row.can_be_reblogged) {
    throw postNotFound();
  }
  const { blog_is_suspended: _suspended, ...post } = row;
  return post;
}

export async function loadView(ctx: AppContext, viewer: Viewer | null, id: string): Promise<PostView> {
  const hydrated = await hydratePosts(ctx.db, [id], viewer?.user.id ?? null);
  const post = hydrated.posts.get(id);
  const view = post && postView(post, hydrated, viewer?.user.id ?? null, ctx.config.publicUrl);
  if (!view) throw postNotFound();
  return view;
}

const SAVE_MESSAGES: Record<string, (blog: string) => string> = {
  published: (blog) => `Posted to ${blog}.`,
  private: () => 'Posted privately.',
  draft: () => 'Saved as a draft.',
  queued: () => 'Added to your queue.',
  scheduled: () => 'Scheduled.',
  transcoding: () => 'Your video is being converted. The post is saved and goes on as you asked once the video is ready.',
};

/** Create, edit or reblog (POST /svc/post/update). */
export async function savePost(ctx: AppContext, viewer: Viewer, p: SavePayload): Promise<SaveResponse> {
  const now = new Date();
  const ownHost = new URL(ctx.config.publicUrl).host;
  const editing = p.editPostId ? await ownPost(ctx.db, viewer, p.editPostId) : null;
  const blogName = editing?.blog_name ?? p.channel;
  if (!blogName) throw invalidField('channel_id', 'Say which of your blogs to post to (channel_id).');
  const blog = await blogByName(ctx.db, blogName);
  if (!blog || blog.user_id !== viewer.user.id) {
    throw new AppError(403, ErrorCode.forbidden, `You can only post to your own blogs, and "${blogName}" is not one of them.`, [
      { code: ErrorCode.forbidden, title: `You can only post to your own blogs, and "${blogName}" is not one of them.`, field: 'channel_id' },
    ]);
  }
  if (editing && editing.blog_id !== blog.id) throw invalidField('channel_id', 'A post stays on its blog when edited.');
  const editorType: EditorType = p.editorType ?? editing?.editor_type ?? viewer.user.default_editor_type;
  let state = storedState(p, now);
  const sourceUrl = p.sourceUrl ? normalizeUserUrl(p.sourceUrl) : null;

  let content: PostContent;
  let commentHtml = '';
  let trail: StoredTrailItem[] = editing?.trail ?? [];
  let reblogOf: string | null = editing?.reblog_of_id ?? null;
  let rootId: string | null = editing?.root_id ?? null;
  let reblogParentBlogId: string | null = null;
  let uploads = NO_UPLOADS;
  const isReblog = Boolean(p.reblog) || Boolean(editing && (editing.reblog_of_id || editing.trail.length));
  if (p.reblog && !editing) {
    const parent = await reblogSource(ctx.db, p.reblog.postId, p.reblog.key);
    content = parent.content;
    commentHtml = bodyHtml(p.two, editorType, ownHost);
    const parentIsReblog = parent.reblog_of_id !== null || parent.trail.length > 0;
    const chain: StoredTrailItem[] = parentIsReblog
      ? [...parent.trail, { post_id: parent.id, blog_id: parent.blog_id, content_html: parent.comment_html, is_root: false }]
      : [{ post_id: parent.id, blog_id: parent.blog_id, content_html: '', is_root: true }];
    // Removing the reblog tree drops the chain of comments but keeps who posted the original.
    trail = p.removeReblogTree ? chain.filter((item) => item.is_root) : chain;
    reblogOf = parent.id;
    rootId = parent.root_id;
    reblogParentBlogId = parent.blog_id;
  } else if (isReblog && editing) {
    content = editing.content;
    commentHtml = bodyHtml(p.two, editorType, ownHost);
    if (p.removeReblogTree) trail = trail.filter((item) => item.is_root);
  } else {
    const type = editing?.type ?? p.type;
    if (!type) throw invalidField('post[type]', 'Say which type of post this is (post[type]).');
    uploads = await resolvePostUploads(ctx, viewer.user.id, type, p.raw);
    content = buildContent(type, p, { editorType, ownHost, uploads, linkThumbnail: thumbnailField });
  }
  // An uploaded video not converted yet: the post waits in 'transcoding' and goes on to the state
  // asked for when its job ends (media/waiting-posts.ts).
  const waitingFor = uploads.video && !uploads.video.ready ? uploads.video.mediaId : null;
  const options = waitingFor ? { ...p.options, video_media_id: waitingFor, requested_state: state.state } : p.options;
  if (waitingFor) state = { ...state, state: 'transcoding' };

  const source = formSource(p, editorType);
  // The form shows the thumbnail kept (checked and normalised), not the one sent.
  if (content.type === 'link' && !isReblog) source.extra.thumbnail = content.thumbnail ?? '';
  Object.assign(source.extra, { tags: p.tags.join(','), slug: p.slug, source_url: p.sourceUrl ?? '' });
  const common = {
    state: state.state,
    is_private: state.is_private,
    publish_on: state.publish_on,
    slug: slugFor(p.slug, content),
    tags: p.tags,
    source_url: sourceUrl,
    editor_type: editorType,
    content: JSON.stringify(content),
    source: JSON.stringify(source),
    options: JSON.stringify(options),
    comment_html: commentHtml,
    trail: JSON.stringify(trail),
    ...p.flags,
    date: p.date ?? editing?.date ?? now,
    updated_at: now,
  };

  const id = await ctx.db.transaction().execute(async (trx) => {
    // Under the parent blog's row lock, so a block made meanwhile cannot slip past (blocks/queries.ts).
    if (reblogParentBlogId) await assertNotBlockedLocked(trx, viewer.user.id, reblogParentBlogId);
    let postId: string;
    if (editing) {
      postId = editing.id;
      // A feed position only while published: kept by an edit that stays published, a new one for a
      // post going (back) out, none for a post leaving (it leaves every list at once).
      const published = state.state === 'published';
      await trx
        .updateTable('posts')
        .set({ ...common, publish_id: published ? (editing.publish_id ?? sql<string>`next_id()`) : null, was_published: editing.was_published || published })
        .where('id', '=', postId)
        .execute();
    } else {
      const { rows } = await sql<{ id: string }>`select next_id() as id`.execute(trx);
      postId = rows[0]!.id;
      await trx
        .insertInto('posts')
        .values({
          ...common,
          id: postId,
          blog_id: blog.id,
          type: content.type,
          root_id: rootId ?? postId,
          reblog_of_id: reblogOf,
          reblog_key: newReblogKey(),
          publish_id: state.state === 'published' ? postId : null,
          was_published: state.state === 'published',
        })
        .execute();
    }
    // The uploaded files it shows are served to others while it is public (media/access.ts).
    await recordPostMedia(trx, postId, viewer.user.id, common.content + common.comment_html + common.trail);
    if (state.state === 'queued' && !state.publish_on) await armQueue(trx, blog.id, now);
    // Others hear of a post when it first goes out; a queued one tells them when it is published.
    if (state.state === 'published' && !editing?.was_published) await announcePublished(trx, [postId]);
    return postId;
  });
  if (waitingFor) await watchVideo(ctx.db, waitingFor, id);

  const view = await loadView(ctx, viewer, id);
  return {
    post: { id, is_edit: Boolean(editing), is_reblog: isReblog },
    post_tumblelog: { name_or_id: blog.name, url: view.blog.url, post_url: view.post_url, avatar: view.blog.avatar_url },
    post_context_page: p.contextPage,
    created_post: view,
    message: SAVE_MESSAGES[view.state_name]?.(blog.name) ?? 'Saved.',
  };
}

export async function deletePost(ctx: AppContext, viewer: Viewer, postId: string) {
  const post = await ownPost(ctx.db, viewer, postId);
  await ctx.db.deleteFrom('posts').where('id', '=', post.id).execute();
}

/** A draft or queued post goes out now. */
export async function publishNow(ctx: AppContext, viewer: Viewer, postId: string): Promise<PostView> {
  const post = await ownPost(ctx.db, viewer, postId);
  if (post.state === 'published') return loadView(ctx, viewer, post.id);
  if (post.state !== 'draft' && post.state !== 'queued') {
    throw new AppError(409, ErrorCode.invalidInput, 'This post cannot be published yet.');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await sql`update posts set state = 'published', publish_on = null, publish_id = next_id(), was_published = true, updated_at = now() where id = ${post.id}`.execute(trx);
    // Once per post: a draft that was out before has told its sources already.
    if (!post.was_published) await announcePublished(trx, [post.id]);
  });
  return loadView(ctx, viewer, post.id);
}

/** A draft joins the end of its blog's queue. */
export async function addToQueue(ctx: AppContext, viewer: Viewer, postId: string): Promise<PostView> {
  const post = await ownPost(ctx.db, viewer, postId);
  if (post.state !== 'draft') throw new AppError(409, ErrorCode.invalidInput, 'Only drafts can be added to the queue.');
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('posts').set({ state: 'queued', publish_on: null, updated_at: new Date() }).where('id', '=', post.id).execute();
    await armQueue(trx, post.blog_id, new Date());
  });
  return loadView(ctx, viewer, post.id);
}
