import { z } from 'zod';
import { onePostSchema } from '../../shared/answers/posts';
import { isId } from '../../shared/ids';
import type { PostView } from '../../shared/posts/types';
import type { AppContext } from '../context';
import { endpoint, type Call, type Loader } from '../http/endpoint';
import { postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { visiblePostFrom } from '../rules/loads';
import { visiblePost, type SeenPost } from '../rules/posts';
import { loadView } from './service';

/**
 * One post as its own page shows it (/blog/{name}/post/{id}/{slug}), or the 404 of a post the
 * viewer may not see: the single-post rule (rules/posts.ts visiblePost: someone else's draft, queue
 * or private post, a suspended blog, a block, a blog name that is not the post's), then the lists'
 * rule for what a view leaves out (loadView: a reblog of a hidden post). An id that is no post id
 * names no post: the same 404.
 */
export async function viewablePost(ctx: AppContext, viewer: Viewer | null, blogName: string, postId: string): Promise<PostView> {
  if (!isId(postId)) throw postNotFound();
  await visiblePost(ctx.db, viewer, postId, blogName);
  return loadView(ctx, viewer, postId);
}

const viewParams = z.object({ blog: z.string(), postId: z.string() });
type ViewCall = Call<'anyone', z.infer<typeof viewParams>, Record<string, never>, Record<string, never>>;

const rulePost = visiblePostFrom<ViewCall>((c) => c.params.postId, (c) => c.params.blog);
/** The rule's post, where the path's id that is no post id is the same 404 as a hidden post. */
const postOfPath: Loader<ViewCall, SeenPost> = { ...rulePost, load: (call) => (isId(call.params.postId) ? rulePost.load(call) : Promise.reject(postNotFound())) };

export const permalinkEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/post/view/:blog/:postId',
    area: 'posts',
    // A post's page reads it here: logged-out visitors too, so no form key and no session needed.
    summary: 'One post for its own page; anyone, logged out too. A post the viewer may not see is 404.',
    access: 'anyone',
    params: viewParams,
    answer: onePostSchema,
    loads: { seen: postOfPath },
    handle: async ({ ctx, viewer, loaded }) => ({ post: await loadView(ctx, viewer, loaded.seen.post.id) }),
  }),
];
