import {
  ACTIVITY_AVATAR_SIZE,
  type ActivityBlog,
  type ActivityNewPost,
  type ActivityNotification,
  type ActivityPost,
  type ActivityType,
} from '../../shared/activity/types';
import { avatarUrl } from '../hydration/avatar-url';
import { htmlToPlainText } from '../content/sanitize';
import { cutText, postText } from '../content/summary';
import { postThumbnail } from '../content/thumbnail';
import type { BlogRow } from '../db/tables/blog';
import type { NotificationRow } from '../db/tables/notification';
import type { PostRow } from '../db/tables/post';
import { blogUrl, postUrl } from '../hydration/post-views';
import { isPublicState } from '../visibility';
import type { Hydrated } from '../hydration/hydrator';

const SUMMARY_MAX = 100;

/** What each kind of activity says, with who did it first ('Anonymous' when nobody is named). */
const MESSAGES: Record<ActivityType, (from: string) => string> = {
  like: (from) => `${from} liked your post`,
  reblog: (from) => `${from} reblogged your post`,
  // The post reblogged was a reblog of yours: you are in its trail.
  post_attribution: (from) => `${from} reblogged a reblog of your post`,
  reply: (from) => `${from} replied to your post`,
  photo_reply: (from) => `${from} replied to your post with a photo`,
  note_mention: (from) => `${from} mentioned you in a reply`,
  user_mention: (from) => `${from} mentioned you in a post`,
  follower: (from) => `${from} started following you`,
  ask: (from) => `${from} sent you a question`,
  // Someone answered the question a post of yours asks (allow_answers).
  answer: (from) => `${from} answered your post`,
  // A question you sent was answered.
  ask_answer: (from) => `${from} answered your question`,
  fanmail: (from) => `${from} sent you fan mail`,
  new_post: (from) => `${from} published a new post`,
  submission: (from) => `${from} submitted a post to your blog`,
  submission_declined: (from) => `${from} declined your submission`,
};

export const ANONYMOUS = 'Anonymous';

export const activityMessage = (type: ActivityType, fromName: string | null) => MESSAGES[type](fromName ?? ANONYMOUS);

/** Activity pictures are small squares: the smallest stored size at least this wide stays sharp. */
const THUMBNAIL_MIN_WIDTH = 128;

/** A post the viewer may open: published and public, or on one of their own blogs. */
const visible = (post: PostRow, blog: BlogRow, viewerUserId: string) => blog.user_id === viewerUserId || isPublicState(post);

export function activityPostView(post: PostRow, blog: BlogRow, publicUrl: string): ActivityPost {
  const content = post.content;
  const picture = postThumbnail(content, { minWidth: THUMBNAIL_MIN_WIDTH });
  // The spec keeps a video's picture apart (video_thumbnail_url): the client marks it as a video.
  const isVideo = content.type === 'video';
  return {
    url: postUrl(publicUrl, blog.name, post),
    tumblelog: blog.name,
    id: post.id,
    type: post.type,
    media_url: isVideo ? null : picture,
    video_thumbnail_url: isVideo ? picture : null,
    is_ask: content.type === 'note' && !content.answer_html,
    is_answer: content.type === 'note' && Boolean(content.answer_html),
    summary: postText(content, { max: SUMMARY_MAX }),
  };
}

export function newPostView(post: PostRow, blog: BlogRow, publicUrl: string): ActivityNewPost {
  // A reblog adds its comment; a new post adds all of itself.
  const isReblog = post.reblog_of_id !== null || post.trail.length > 0;
  return {
    url: postUrl(publicUrl, blog.name, post),
    tumblelog: blog.name,
    id: post.id,
    diff: isReblog ? cutText(htmlToPlainText(post.comment_html), SUMMARY_MAX) : postText(post.content, { max: SUMMARY_MAX }),
  };
}

export function activityBlogView(blog: BlogRow, following: boolean, publicUrl: string, viewerUserId: string): ActivityBlog {
  return {
    name: blog.name,
    title: blog.title,
    avatar_url: avatarUrl(publicUrl, blog, ACTIVITY_AVATAR_SIZE),
    url: blogUrl(publicUrl, blog.name),
    is_adult: blog.is_adult,
    is_own: blog.user_id === viewerUserId,
    following,
  };
}

/**
 * A notification as JSON: a pure function of its row, the hydrated blogs and posts, and who is
 * looking. Null when the blog that did it is gone (the row is about to cascade away).
 */
export function notificationView(
  row: NotificationRow,
  hydrated: Hydrated,
  viewer: { userId: string; seenId: string },
  publicUrl: string,
): ActivityNotification | null {
  const from = row.from_blog_id ? hydrated.blogs.get(row.from_blog_id) : undefined;
  if (row.from_blog_id && !from) return null;
  /** A post with its blog, when the viewer may open it. */
  const shown = (id: string | null) => {
    const post = id === null ? undefined : hydrated.posts.get(id);
    const blog = post && hydrated.blogs.get(post.blog_id);
    return post && blog && visible(post, blog, viewer.userId) ? { post, blog } : null;
  };
  const post = shown(row.post_id);
  const newPost = shown(row.new_post_id);
  const meta = row.note_meta ?? {};
  const noteMeta = {
    ...(meta.answer_text ? { answer_text: meta.answer_text } : {}),
    ...(meta.reply_text ? { reply_text: meta.reply_text } : {}),
  };
  const type = row.type as ActivityType;
  return {
    id: row.id,
    type,
    timestamp: Math.floor(row.created_at.getTime() / 1000),
    message: activityMessage(type, from?.name ?? meta.from_remote?.handle ?? null),
    unread: BigInt(row.id) > BigInt(viewer.seenId),
    ...(from ? { from_tumblelog: activityBlogView(from, hydrated.following.has(from.id), publicUrl, viewer.userId) } : {}),
    ...(meta.from_remote ? { from_remote: meta.from_remote } : {}),
    ...(post ? { post: activityPostView(post.post, post.blog, publicUrl) } : {}),
    ...(newPost ? { new_post: newPostView(newPost.post, newPost.blog, publicUrl) } : {}),
    ...(Object.keys(noteMeta).length > 0 ? { note_meta: noteMeta } : {}),
  };
}
