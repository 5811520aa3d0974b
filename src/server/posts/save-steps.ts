// The steps the three post commands (create-post.ts, create-reblog.ts, edit-post.ts) share, each
// written once: which blog a post goes to, what its requested state is stored as, how an original's
// content is built from the form, the row's fields, what follows every write in its transaction
// (media access, the queue, the first-going-out notifications) and the answer.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { EditorType } from '../../shared/constants';
import type { AnyPostType, PostContent, PostFormSource, SaveResponse } from '../../shared/posts/types';
import { normalizeUserUrl } from '../../shared/posts/urls';
import { announcePublished } from '../activity/published';
import { blogByName } from '../hydration/blogs';
import { buildContent, formSource, slugFor } from '../content/build';
import { bodyHtml } from '../content/html';
import { linkableMentions, linkMentions } from '../content/mentions';
import type { ContentInput } from '../content/post-type';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow, StoredState, StoredTrailItem } from '../db/tables/post';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import type { Viewer } from '../http/session';
import { thumbnailField } from '../links/thumbnail';
import { mentionableBlogs } from '../rules/blogs';
import { recordPostMedia } from '../media/access';
import { resolvePostUploads } from '../media/post-uploads';
import type { PostOptions, PostSettings } from './commands';
import { armQueue } from '../queue-slots';
import { loadView } from './service';

/** What a command answers; the route adds the page it was sent from (post_context_page). */
export type SaveResult = Omit<SaveResponse, 'post_context_page'>;

export interface StoredStateFields {
  state: StoredState;
  is_private: boolean;
  publish_on: Date | null;
}

/** One of the viewer's blogs, by name, to post to: none named is 400, another person's 403. */
export async function postingBlog(db: Db, viewer: Viewer, name: string): Promise<BlogRow> {
  if (!name) throw invalidField('channel_id', 'Say which of your blogs to post to (channel_id).');
  const blog = await blogByName(db, name);
  if (!blog || blog.user_id !== viewer.user.id) {
    const message = `You can only post to your own blogs, and "${name}" is not one of them.`;
    throw new AppError(403, ErrorCode.forbidden, message, [{ code: ErrorCode.forbidden, title: message, field: 'channel_id' }]);
  }
  return blog;
}

/** What the stored row says for a requested state (private is a flag, scheduled a publish_on). */
export function storedState(s: PostSettings, now: Date): StoredStateFields {
  switch (s.state) {
    case 'private':
      return { state: 'published', is_private: true, publish_on: null };
    case 'scheduled': {
      if (!s.publishOn) throw invalidField('post[publish_on]', 'Choose the date and time to publish a scheduled post.');
      if (s.publishOn <= now) throw invalidField('post[publish_on]', 'Choose a time in the future to schedule a post.');
      return { state: 'queued', is_private: false, publish_on: s.publishOn };
    }
    case 'queued':
    case 'draft':
    case 'published':
      return { state: s.state, is_private: false, publish_on: null };
  }
}

/** A post's content, its form as typed, and what it is stored as: everything a write puts in the row. */
export interface PostParts {
  content: PostContent;
  source: PostFormSource;
  commentHtml: string;
  trail: StoredTrailItem[];
  state: StoredStateFields;
  /** A post waiting for its video also keeps which video, and the state it goes on to. */
  options: PostOptions & { video_media_id?: string; requested_state?: StoredState };
  editorType: EditorType;
}

/** The site's own host: its /embed/post/ pages may be iframed in what a post says. */
const ownHost = (ctx: AppContext) => new URL(ctx.config.publicUrl).host;

/** An original post (not a reblog: that copies its parent's content) built from the form. */
export interface OriginalPost {
  parts: Pick<PostParts, 'content' | 'source' | 'state' | 'options'>;
  /** An uploaded video not converted yet: the post waits for it (media/waiting-posts.ts watchVideo). */
  waitingForVideo: string | null;
}

export async function buildOriginal(
  ctx: AppContext,
  viewer: Viewer,
  at: { type: AnyPostType; form: ContentInput; options: PostOptions; editorType: EditorType; state: StoredStateFields },
): Promise<OriginalPost> {
  const uploads = await resolvePostUploads(ctx, viewer.user.id, at.type, at.form.raw);
  const content = await withMentionLinks(ctx.db, buildContent(at.type, at.form, { editorType: at.editorType, ownHost: ownHost(ctx), uploads, linkThumbnail: thumbnailField }));
  const source = formSource(at.form, at.editorType);
  // The form shows the thumbnail kept (checked and normalised), not the one sent.
  if (content.type === 'link') source.extra.thumbnail = content.thumbnail ?? '';
  // It waits in 'transcoding' and goes on to the state asked for when its job ends.
  const waitingForVideo = uploads.video && !uploads.video.ready ? uploads.video.mediaId : null;
  if (!waitingForVideo) return { parts: { content, source, state: at.state, options: at.options }, waitingForVideo };
  const options = { ...at.options, video_media_id: waitingForVideo, requested_state: at.state.state };
  return { parts: { content, source, state: { ...at.state, state: 'transcoding' }, options }, waitingForVideo };
}

/** A reblog's own words, sanitized and its mentions linked, with its form as typed (the comment is its only field). */
export async function reblogComment(ctx: AppContext, comment: string, editorType: EditorType): Promise<Pick<PostParts, 'commentHtml' | 'source'>> {
  const html = bodyHtml(comment, editorType, ownHost(ctx));
  return {
    commentHtml: linkMentions(html, await mentionable(ctx.db, [html])),
    source: { one: '', two: comment, three: '', extra: { editor_type: editorType } },
  };
}

/** Issue 24.8: the blogs that the "@name" mentions in these HTML pieces link to (rules/blogs.ts). */
const mentionable = (db: Db, htmls: string[]) => mentionableBlogs(db, htmls.flatMap(linkableMentions));

/** A post's HTML fields with their mentions of blogs linked (content/mentions.ts); a player's embed is left alone. */
async function withMentionLinks(db: Db, content: PostContent): Promise<PostContent> {
  const fields = Object.entries(content).filter((entry): entry is [string, string] => entry[0].endsWith('_html') && entry[0] !== 'embed_html' && typeof entry[1] === 'string');
  const blogs = await mentionable(db, fields.map(([, html]) => html));
  if (blogs.size === 0) return content;
  return { ...content, ...Object.fromEntries(fields.map(([key, html]) => [key, linkMentions(html, blogs)])) } as PostContent;
}

/** A reblog, or a post that kept a trail: its content is its parent's, its own words its comment. */
export const isReblogPost = (post: Pick<PostRow, 'reblog_of_id' | 'trail'>) => post.reblog_of_id !== null || post.trail.length > 0;

/** Removing the reblog tree drops the chain of comments but keeps who posted the original. */
export const keptTrail = (trail: StoredTrailItem[], removeReblogTree: boolean) =>
  removeReblogTree ? trail.filter((item) => item.is_root) : trail;

/** The row's columns that every write sets, from the settings and the parts. */
export function rowFields(s: PostSettings, parts: PostParts, date: Date, now: Date) {
  const source = { ...parts.source, extra: { ...parts.source.extra, tags: s.tags.join(','), slug: s.slug, source_url: s.sourceUrl ?? '' } };
  return {
    state: parts.state.state,
    is_private: parts.state.is_private,
    publish_on: parts.state.publish_on,
    slug: slugFor(s.slug, parts.content),
    tags: s.tags,
    source_url: s.sourceUrl ? normalizeUserUrl(s.sourceUrl) : null,
    editor_type: parts.editorType,
    content: JSON.stringify(parts.content),
    source: JSON.stringify(source),
    options: JSON.stringify(parts.options),
    comment_html: parts.commentHtml,
    trail: JSON.stringify(parts.trail),
    ...s.flags,
    date,
    updated_at: now,
  };
}

export type RowFields = ReturnType<typeof rowFields>;

const newReblogKey = () => randomBytes(6).toString('base64url');

/** A new post or reblog: a fresh id, a reblog key, a feed position when it goes out now. */
export async function insertPost(
  trx: Db,
  fields: RowFields,
  at: { blogId: string; type: AnyPostType; rootId: string | null; reblogOf: string | null; fromBlogId?: string | null },
): Promise<string> {
  const { rows } = await sql<{ id: string }>`select next_id() as id`.execute(trx);
  const id = rows[0]!.id;
  const published = fields.state === 'published';
  await trx
    .insertInto('posts')
    .values({
      ...fields,
      id,
      blog_id: at.blogId,
      type: at.type,
      root_id: at.rootId ?? id,
      reblog_of_id: at.reblogOf,
      from_blog_id: at.fromBlogId ?? null,
      reblog_key: newReblogKey(),
      publish_id: published ? id : null,
      was_published: published,
    })
    .execute();
  return id;
}

/**
 * What follows every write, in its transaction: the files it shows are served to others while it
 * is public (media/access.ts); a queued post arms the publisher; others hear of a post when it
 * first goes out (a queued one tells them when it is published).
 */
export async function afterWrite(
  trx: Db,
  viewer: Viewer,
  written: { postId: string; blogId: string; fields: RowFields; wasPublished: boolean; now: Date },
): Promise<void> {
  const { postId, fields } = written;
  await recordPostMedia(trx, postId, viewer.user.id, fields.content + fields.comment_html + fields.trail);
  if (fields.state === 'queued' && !fields.publish_on) await armQueue(trx, written.blogId, written.now);
  if (fields.state === 'published' && !written.wasPublished) await announcePublished(trx, [postId]);
}

const SAVE_MESSAGES: Record<string, (blog: string) => string> = {
  published: (blog) => `Posted to ${blog}.`,
  private: () => 'Posted privately.',
  draft: () => 'Saved as a draft.',
  queued: () => 'Added to your queue.',
  scheduled: () => 'Scheduled.',
  unapproved: (blog) => `Submitted to ${blog}. It shows there once they approve it.`,
  transcoding: () => 'Your video is being converted. The post is saved and goes on as you asked once the video is ready.',
};

/** The spec's save response: the post as it now reads, and what became of it in words. */
export async function savedAnswer(
  ctx: AppContext,
  viewer: Viewer,
  saved: { id: string; blogName: string; isEdit: boolean; isReblog: boolean },
): Promise<SaveResult> {
  const view = await loadView(ctx, viewer, saved.id);
  return {
    post: { id: saved.id, is_edit: saved.isEdit, is_reblog: saved.isReblog },
    post_tumblelog: { name_or_id: saved.blogName, url: view.blog.url, post_url: view.post_url, avatar: view.blog.avatar_url },
    created_post: view,
    message: SAVE_MESSAGES[view.state_name]?.(saved.blogName) ?? 'Saved.',
  };
}
