import type { FastifyInstance } from 'fastify';
import { isId } from '../../shared/ids';
import type { PostView } from '../../shared/posts/types';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import type { Viewer } from '../http/session';
import { postNotFound } from '../http/errors';
import { seenPost } from '../visibility';
import { loadView } from './service';


/**
 * One post as its own page shows it (/blog/{name}/post/{id}/{slug}), or the 404 of a post the
 * viewer may not see. The single-post rule of share data and the embed page (seenPost: someone
 * else's draft, queue or private post, a suspended blog, a block, a blog name that is not the
 * post's), then the lists' rule for what a view leaves out (loadView: a reblog of a hidden post).
 */
export async function viewablePost(ctx: AppContext, viewer: Viewer | null, blogName: string, postId: string): Promise<PostView> {
  if (!isId(postId)) throw postNotFound();
  await seenPost(ctx.db, viewer?.user.id ?? null, postId, blogName);
  return loadView(ctx, viewer, postId);
}

export function permalinkRoutes(app: FastifyInstance, ctx: AppContext) {
  // A post's page reads it here: logged-out visitors too, so no form key and no session needed.
  app.get<{ Params: { blog: string; postId: string } }>('/svc/post/view/:blog/:postId', async (request) => {
    const { blog, postId } = request.params;
    return ok<{ post: PostView }>({ post: await viewablePost(ctx, request.viewer, blog, postId) });
  });
}
