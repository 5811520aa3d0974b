import type { FastifyInstance } from 'fastify';
import type { PostView } from '../../shared/posts/types';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import type { Viewer } from '../http/session';
import { seenPost } from '../share/visibility';
import { loadView, postNotFound } from './service';

const INT64_MAX = 9223372036854775807n;
/** A post id as a path carries it: digits that fit the 64-bit id column (more would be a 500 from the database). */
const isPostId = (value: string) => /^\d{1,19}$/.test(value) && BigInt(value) <= INT64_MAX;

/**
 * One post as its own page shows it (/blog/{name}/post/{id}/{slug}), or the 404 of a post the
 * viewer may not see. The single-post rule of share data and the embed page (seenPost: someone
 * else's draft, queue or private post, a suspended blog, a block, a blog name that is not the
 * post's), then the lists' rule for what a view leaves out (loadView: a reblog of a hidden post).
 */
export async function viewablePost(ctx: AppContext, viewer: Viewer | null, blogName: string, postId: string): Promise<PostView> {
  if (!isPostId(postId)) throw postNotFound();
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
