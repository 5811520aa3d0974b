import type { AppealLevel } from '../../shared/appeals';
import { ctaFromOptions } from '../../shared/posts/cta';
import { STATE_CODES, readState } from '../../shared/posts/states';
import { pagePaths } from '../../shared/routes';
import type { PostBlog, PostView, TrailItem } from '../../shared/posts/types';
import { avatarUrl } from './avatar-url';
import type { BlogRow } from '../db/tables/blog';
import type { PostRow } from '../db/tables/post';
import { hiddenBySuspension, isPublicState } from '../visibility';
import type { Hydrated } from './hydrator';

export function postBlogView(blog: BlogRow, publicUrl: string): PostBlog {
  return {
    name: blog.name,
    uuid: blog.uuid,
    title: blog.title,
    url: blogUrl(publicUrl, blog.name),
    avatar_url: avatarUrl(publicUrl, blog, 128),
    // An admin's nsfw switch counts as adult (safe mode pixelates the avatar).
    is_adult: blog.is_adult || blog.is_nsfw,
  };
}

/** A blog's page, absolute: for JSON, emails and share data (the client follows its path). */
export const blogUrl = (publicUrl: string, blogName: string) => publicUrl + pagePaths.blog(blogName);

/** The post's permalink, absolute: for share data, emails and embeds (the client follows its path). */
export const postUrl = (publicUrl: string, blogName: string, post: { id: string; slug: string }) =>
  publicUrl + pagePaths.post(blogName, post);

/** A post as JSON: a pure function of the hydrated rows and who is looking. */
export function postView(post: PostRow, hydrated: Hydrated, viewerUserId: string | null, publicUrl: string): PostView | null {
  const blog = hydrated.blogs.get(post.blog_id);
  if (!blog || hiddenBySuspension(blog, viewerUserId)) return null;
  // Blogs the viewer must not see: suspended ones and, in others' posts, those across a block.
  // The viewer's own posts stay whole, so that they can still edit or delete them.
  const own = blog.user_id === viewerUserId;
  const hidden = (b: BlogRow) => hiddenBySuspension(b, viewerUserId) || (!own && hydrated.blockedBlogs.has(b.id));
  if (hidden(blog)) return null;
  // A reblog of a hidden blog's post shows that post: it goes with it.
  const root = post.trail.find((item) => item.is_root);
  const rootBlog = root && hydrated.blogs.get(root.blog_id);
  if (rootBlog && hidden(rootBlog)) return null;
  const trail: TrailItem[] = [];
  for (const item of post.trail) {
    const itemBlog = hydrated.blogs.get(item.blog_id);
    // A blog that was deleted or is hidden leaves its step out; an empty comment adds nothing to read.
    if (!itemBlog || hidden(itemBlog) || (!item.is_root && !item.content_html)) continue;
    trail.push({ post_id: item.post_id, blog: postBlogView(itemBlog, publicUrl), content_html: item.content_html, is_root: item.is_root });
  }
  const isReblog = post.reblog_of_id !== null || post.trail.length > 0;
  if (isReblog && post.comment_html) {
    trail.push({ post_id: post.id, blog: postBlogView(blog, publicUrl), content_html: post.comment_html, is_root: false });
  }
  const parent = post.trail[post.trail.length - 1];
  const parentBlog = parent ? hydrated.blogs.get(parent.blog_id) : undefined;
  const state = readState(post);
  return {
    id: post.id,
    type: post.type,
    state: STATE_CODES[state],
    state_name: state,
    blog: postBlogView(blog, publicUrl),
    post_url: postUrl(publicUrl, blog.name, post),
    slug: post.slug,
    date: post.date.toISOString(),
    publish_on: post.publish_on?.toISOString() ?? null,
    tags: post.tags,
    source_url: post.source_url,
    editor_type: post.editor_type,
    content: post.content,
    is_reblog: isReblog,
    reblog_key: post.reblog_key,
    reblogged_from: parent && parentBlog ? { post_id: parent.post_id, blog_name: parentBlog.name } : null,
    root_id: post.root_id,
    trail,
    is_private: post.is_private,
    allow_answers: post.allow_answers,
    allow_photo_replies: post.allow_photo_replies,
    members_only: post.members_only,
    owner_flagged_nsfw: post.owner_flagged_nsfw,
    can_be_liked: post.can_be_liked,
    can_be_reblogged: post.can_be_reblogged,
    note_count: hydrated.noteCounts.get(post.id) ?? 0,
    is_mine: viewerUserId !== null && blog.user_id === viewerUserId,
    liked: hydrated.liked.has(post.id),
    reblogged: hydrated.reblogged.has(post.id),
    is_promoted: post.promoted_at !== null,
    can_reply: isPublicState(post),
    ...submittedBy(post, hydrated, viewerUserId, publicUrl),
    carousel_display: post.options['carousel_display'] === true,
    carousel_link_url: typeof post.options['carousel_link_url'] === 'string' ? post.options['carousel_link_url'] : null,
    cta: ctaFromOptions(post.options),
    is_sensitive: post.owner_flagged_nsfw || post.is_sensitive,
    // Issue 15: the appeal is the owner's business; others see the mark only.
    ...(viewerUserId !== null && own ? { appeal_state: post.appeal_state as AppealLevel } : {}),
  };
}

/** A submitted post credits its submitter's blog (issue 14); an ask never names its asker here. */
function submittedBy(post: PostRow, hydrated: Hydrated, viewerUserId: string | null, publicUrl: string): Pick<PostView, 'submitted_by'> {
  const from = post.from_blog_id && post.type !== 'note' ? hydrated.blogs.get(post.from_blog_id) : undefined;
  if (!from || hiddenBySuspension(from, viewerUserId)) return {};
  return { submitted_by: postBlogView(from, publicUrl) };
}

/** Views for ids in their order, skipping any that vanished between the page and the hydration. */
export function postViews(ids: string[], hydrated: Hydrated, viewerUserId: string | null, publicUrl: string): PostView[] {
  const views: PostView[] = [];
  for (const id of ids) {
    const post = hydrated.posts.get(id);
    const view = post && postView(post, hydrated, viewerUserId, publicUrl);
    if (view) views.push(view);
  }
  return views;
}
