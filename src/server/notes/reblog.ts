import type { FastReblogResponse } from '../../shared/notes/types';
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { noteCount } from '../hydration/counts';
import { settingsFor } from '../posts/commands';
import { createReblog } from '../posts/create-reblog';
import { actingBlog } from '../rules/blogs';
import type { ReachedPost } from '../rules/posts';
import { assertMayReach, isPublicState } from '../visibility';
import { notAllowed } from './posts';

/**
 * POST /fast_reblog: a reblog with nothing added, to the viewer's current blog, published at once
 * or queued. It runs the post form's reblog command (the same trail, the same block check and
 * notifications in createReblog) with a typed input, not through the form's parser; only the
 * refusals a person can act on are said here first.
 */
export async function fastReblog(
  ctx: AppContext,
  viewer: Viewer,
  { post }: ReachedPost,
  input: { queue: boolean },
): Promise<FastReblogResponse> {
  if (!isPublicState(post)) throw notAllowed('Only published posts that are not private can be reblogged.');
  if (!post.can_be_reblogged) throw notAllowed('This post cannot be reblogged: its author turned reblogs off.');
  const blog = await actingBlog(ctx.db, viewer.user);
  assertMayReach(blog);
  const saved = await createReblog(ctx, viewer, {
    ...settingsFor(input.queue ? 'queued' : 'published'),
    blog: blog.name,
    parent: { postId: post.id, key: post.reblog_key },
    comment: '',
    removeReblogTree: false,
  });
  return {
    post_id: saved.post.id,
    state: input.queue ? 'queued' : 'published',
    reblogged: true,
    post_tumblelog: { name_or_id: blog.name, avatar: saved.post_tumblelog.avatar },
    // Counted after the reblog's commit, from the rows, as like and reply answer it.
    note_count: await noteCount(ctx.db, post.id),
  };
}
