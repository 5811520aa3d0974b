import type { FastReblogResponse } from '../../shared/notes/types';
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { parseSavePayload } from '../posts/payload';
import { savePost } from '../posts/service';
import { isPublicState } from '../visibility';
import { actingBlog, notAllowed, visiblePost } from './posts';

/**
 * POST /fast_reblog: a reblog with nothing added, to the viewer's current blog, published at once
 * or queued. It is the reblog the post form would save (the same trail, the same block check
 * and notifications in savePost); only the refusals a person can act on are said here first.
 */
export async function fastReblog(
  ctx: AppContext,
  viewer: Viewer,
  input: { reblog_post_id: string; reblog_key: string; queue: boolean },
): Promise<FastReblogResponse> {
  const post = await visiblePost(ctx.db, viewer.user.id, input.reblog_post_id, input.reblog_key);
  if (!isPublicState(post)) throw notAllowed('Only published posts that are not private can be reblogged.');
  if (!post.can_be_reblogged) throw notAllowed('This post cannot be reblogged: its author turned reblogs off.');
  const blog = await actingBlog(ctx.db, viewer.user);
  const saved = await savePost(
    ctx,
    viewer,
    parseSavePayload({
      channel_id: blog.name,
      reblog_post_id: post.id,
      reblog_key: post.reblog_key,
      'post[state]': input.queue ? '2' : '0',
    }),
  );
  return {
    post_id: saved.post.id,
    state: input.queue ? 'queued' : 'published',
    reblogged: true,
    post_tumblelog: { name_or_id: blog.name, avatar: saved.post_tumblelog.avatar },
  };
}
