import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { LIMITS } from '../../shared/constants';
import { idProblem, idRangeMessage, postIdField } from '../../shared/ids';
import type { PostPage, SaveResponse } from '../../shared/posts/types';
import { assertNotBlocked, blogHiddenByBlock } from '../blocks/queries';
import { blogByName, blogsOfUser } from '../hydration/blogs';
import { channelView } from '../hydration/blog-views';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { blogNotFound, invalidField } from '../http/errors';
import { requireViewer, type Viewer } from '../http/session';
import { hiddenBySuspension, isBlockedBetween } from '../visibility';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { parsePostCommand } from './payload';
import { blogPage, dashboardPage, feedCursor, statePage, type PageIds } from './queries';
import { runPostCommand } from './run-command';
import { addToQueue, deletePost, loadView, ownPost, publishNow, reblogSource } from './service';

const fetchSchema = z.union([
  z.object({ reblog_id: postIdField('reblog_id'), reblog_key: z.string({ error: 'reblog_key is missing.' }) }),
  z.object({ post_id: postIdField('post_id') }),
]);
const idSchema = z.object({ id: postIdField('id') });
const deleteSchema = z.object({ post_id: postIdField('post_id'), channel_id: z.string().optional() });
const direction = (value: string) => {
  if (value !== 'before' && value !== 'after') throw invalidField('direction', 'Page with "before" or "after".');
  return value;
};
const refId = (value: string) => {
  const problem = idProblem(value);
  if (problem === 'range') throw invalidField('refPostId', idRangeMessage('refPostId'));
  if (problem) throw invalidField('refPostId', 'refPostId must be a post id, or 0 for the start.');
  return value;
};

export function postRoutes(app: FastifyInstance, ctx: AppContext) {
  const publicUrl = ctx.config.publicUrl;
  const pageOf = async (ids: PageIds, viewer: Viewer | null): Promise<PostPage> => ({
    posts: postViews(ids.ids, await hydratePosts(ctx.db, ids.ids, viewer?.user.id ?? null), viewer?.user.id ?? null, publicUrl),
    next: ids.next,
  });
  /** A blog the viewer owns, for the owner-only lists: someone else's is "not found". */
  const ownBlog = async (viewer: Viewer | null, name: string) => {
    const blog = await blogByName(ctx.db, name);
    if (!blog || !viewer || blog.user_id !== viewer.user.id) throw blogNotFound(name);
    return blog;
  };

  // What the post form needs before it opens: the blogs it can post to, and the limits.
  app.post('/svc/post/get_post_form_builder_data', async (request) => {
    const viewer = requireViewer(request);
    const blogs = await blogsOfUser(ctx.db, viewer.user.id);
    return ok({ channels: blogs.map((blog) => channelView(blog, publicUrl, viewer.user)), limits: LIMITS });
  });

  // Create, reblog or edit: the form names one command, and only that one runs.
  app.post('/svc/post/update', async (request) => {
    const viewer = requireViewer(request);
    const { command, contextPage } = parsePostCommand(request.body);
    const { post, post_tumblelog, created_post, message } = await runPostCommand(ctx, viewer, command);
    return ok({ post, post_tumblelog, post_context_page: contextPage, created_post, message } satisfies SaveResponse);
  });

  app.post('/svc/post/fetch', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(fetchSchema, request.body);
    const reblog = 'reblog_id' in input;
    const row = reblog ? await reblogSource(ctx.db, input.reblog_id, input.reblog_key) : await ownPost(ctx.db, viewer, input.post_id);
    // The reblog form says so at once, rather than after the person has written their comment.
    if (reblog) await assertNotBlocked(ctx.db, viewer.user.id, row.blog_id);
    const post = await loadView(ctx, viewer, row.id);
    return ok({
      post,
      // The fields as typed (unsanitized, comments and all) are the author's alone: their own edit
      // form gets them, a reblog form only the published, sanitized post.
      ...(reblog ? {} : { source: row.source }),
      post_tumblelog: { name_or_id: post.blog.name, url: post.blog.url, post_url: post.post_url, avatar: post.blog.avatar_url },
      post_context_page: 'dashboard',
    });
  });

  app.post('/svc/post/delete', async (request) => {
    const viewer = requireViewer(request);
    const { post_id } = parse(deleteSchema, request.body);
    await deletePost(ctx, viewer, post_id);
    return ok({});
  });

  app.post('/publish', async (request) => {
    const viewer = requireViewer(request);
    return ok({ post: await publishNow(ctx, viewer, parse(idSchema, request.body).id) });
  });

  app.post('/queue', async (request) => {
    const viewer = requireViewer(request);
    return ok({ post: await addToQueue(ctx, viewer, parse(idSchema, request.body).id) });
  });

  app.get<{ Params: { direction: string; ref: string } }>('/svc/post/dashboard/:direction/:ref', async (request) => {
    const viewer = requireViewer(request);
    direction(request.params.direction);
    const before = await feedCursor(ctx.db, refId(request.params.ref));
    return ok(await pageOf(await dashboardPage(ctx.db, viewer.user.id, before), viewer));
  });

  app.get<{ Params: { name: string; direction: string; ref: string } }>('/svc/post/blog/:name/:direction/:ref', async (request) => {
    direction(request.params.direction);
    const blog = await blogByName(ctx.db, request.params.name);
    if (!blog || hiddenBySuspension(blog, request.viewer?.user.id ?? null)) throw blogNotFound(request.params.name);
    const isOwner = request.viewer?.user.id === blog.user_id;
    if (request.viewer && !isOwner && (await isBlockedBetween(ctx.db, request.viewer.user.id, blog.id))) throw blogHiddenByBlock();
    const before = await feedCursor(ctx.db, refId(request.params.ref));
    return ok(await pageOf(await blogPage(ctx.db, blog.id, before, isOwner), request.viewer));
  });

  for (const [list, state] of [['drafts', 'draft'], ['queue', 'queued']] as const) {
    app.get<{ Params: { name: string; direction: string; ref: string } }>(
      `/svc/post/blog/:name/${list}/:direction/:ref`,
      async (request) => {
        const blog = await ownBlog(request.viewer, request.params.name);
        const way = direction(request.params.direction) as 'before' | 'after';
        return ok(await pageOf(await statePage(ctx.db, blog.id, state, way, refId(request.params.ref)), request.viewer));
      },
    );
  }
}
