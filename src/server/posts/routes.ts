import { z } from 'zod';
import { formBuilderSchema, emptySchema, onePostSchema, postFetchSchema, saveSchema } from '../../shared/answers/posts';
import { postPageSchema } from '../../shared/answers/post';
import { LIMITS } from '../../shared/constants';
import { idProblem, idRangeMessage, postIdField } from '../../shared/ids';
import type { PostPage, SaveResponse } from '../../shared/posts/types';
import { assertNotBlocked, blogHiddenByBlock } from '../blocks/queries';
import { blogsOfUser } from '../hydration/blogs';
import { channelView } from '../hydration/blog-views';
import type { AppContext } from '../context';
import { endpoint, type Endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { remotePostsQuery, remotePostView } from '../hydration/remote-post-views';
import { ownedBlogFrom, ownerOnlyBlogFrom, readableBlogFrom, type CallWith } from '../rules/loads';
import { queueOrderAnswerSchema, queueOrderSchema, queueShuffleSchema } from '../../shared/posts/queue-order';
import { reorderQueue, shuffleQueue } from './queue-order';
import { isBlockedBetween } from '../visibility';
import { parsePostCommand } from './payload';
import { blogPage, dashboardPage, feedCursor, queuePage, statePage, type PageIds } from './queries';
import { runPostCommand } from './run-command';
import { addToQueue, deletePost, loadView, ownPost, publishNow, reblogSource } from './service';

const fetchSchema = z.union([
  z.object({ reblog_id: postIdField('reblog_id'), reblog_key: z.string({ error: 'reblog_key is missing.' }) }),
  z.object({ post_id: postIdField('post_id') }),
]);
const idSchema = z.object({ id: postIdField('id') });
const deleteSchema = z.object({ post_id: postIdField('post_id'), channel_id: z.string().optional() });

/**
 * A feed page's place in the path (spec 1 §7): a direction, and the post id it pages from (0: the
 * start). The errors name refPostId, the spec's name for it.
 */
const pagePlace = {
  direction: z.enum(['before', 'after'], { error: 'Page with "before" or "after".' }),
  ref: z.string(),
};
const checkRef = (params: { ref: string }, check: z.RefinementCtx) => {
  const problem = idProblem(params.ref);
  if (!problem) return;
  const message = problem === 'range' ? idRangeMessage('refPostId') : 'refPostId must be a post id, or 0 for the start.';
  check.addIssue({ code: 'custom', message, path: ['refPostId'] });
};
const feedParams = z.object(pagePlace).superRefine(checkRef);
const blogFeedParams = z.object({ name: z.string(), ...pagePlace }).superRefine(checkRef);

/**
 * A page of post ids as the viewer sees the posts. The dashboard's page can hold remote posts
 * (federation): they are read in one more query, only when the page has any, and keep their place.
 */
async function postPage(ctx: AppContext, ids: PageIds, viewer: Viewer | null): Promise<PostPage> {
  const viewerId = viewer?.user.id ?? null;
  const remoteIds = ids.remoteIds ?? new Set<string>();
  const localIds = remoteIds.size ? ids.ids.filter((id) => !remoteIds.has(id)) : ids.ids;
  const [hydrated, remoteRows] = await Promise.all([
    hydratePosts(ctx.db, localIds, viewerId),
    remoteIds.size ? remotePostsQuery(ctx.db, [...remoteIds]).execute() : [],
  ]);
  const local = new Map(postViews(localIds, hydrated, viewerId, ctx.config.publicUrl).map((view) => [view.id, view]));
  const remote = new Map(remoteRows.map((row) => [row.feed_id, remotePostView(row)]));
  const posts = ids.ids.flatMap((id) => local.get(id) ?? remote.get(id) ?? []);
  return { posts, next: ids.next };
}

/** The owner's own lists of a blog, by state: drafts and the queue. */
const stateLists = (
  [
    ['drafts', 'draft'],
    ['queue', 'queued'],
  ] as const
).map(([list, state]) =>
  endpoint({
    method: 'GET',
    path: `/svc/post/blog/:name/${list}/:direction/:ref`,
    area: 'posts',
    summary:
        list === 'drafts'
          ? 'A page of a blog\'s drafts, for its owner only: "after" walks oldest first, "before" newest first.'
          : 'A page of a blog\'s queued and scheduled posts in queue order, for its owner only: "after" walks from the first to go out, "before" from the last.',
    access: 'anyone',
    params: blogFeedParams,
    answer: postPageSchema,
    loads: { blog: ownerOnlyBlogFrom<CallWith<'params', typeof blogFeedParams>>((c) => c.params.name) },
    handle: async ({ ctx, viewer, params, loaded }) => {
      const ids =
        state === 'queued'
          ? await queuePage(ctx.db, loaded.blog.id, params.direction, params.ref)
          : await statePage(ctx.db, loaded.blog.id, state, params.direction, params.ref);
      return postPage(ctx, ids, viewer);
    },
  }),
);

/** The queue's order (issue 24): only the blog's owner changes it; anyone else is told there is no such blog. */
const queueOrderEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/blog/queue_order',
    area: 'posts',
    summary:
      "Reorders one of the user's blogs' queue: moves post_id before before_id or after after_id, or sets the whole order (every queued post once). Answers the order, first to go out first.",
    access: 'user',
    body: queueOrderSchema,
    answer: queueOrderAnswerSchema,
    loads: { blog: ownedBlogFrom((c: CallWith<'body', { tumblelog: string }>) => c.body.tumblelog) },
    errors: [ErrorCode.queueChanged],
    handle: async ({ ctx, body, loaded: { blog } }) => ({ order: await reorderQueue(ctx.db, blog.id, body) }),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/blog/queue_shuffle',
    area: 'posts',
    summary: "Shuffles one of the user's blogs' queue. Answers the new order and the one it replaced (to undo it with queue_order).",
    access: 'user',
    body: queueShuffleSchema,
    answer: queueOrderAnswerSchema,
    loads: { blog: ownedBlogFrom((c: CallWith<'body', { tumblelog: string }>) => c.body.tumblelog) },
    handle: async ({ ctx, loaded: { blog } }) => shuffleQueue(ctx.db, blog.id),
  }),
];

export const postEndpoints: Endpoint[] = [
  endpoint({
    method: 'POST',
    path: '/svc/post/get_post_form_builder_data',
    area: 'posts',
    summary: 'What the post form needs before it opens: the blogs the viewer can post to, and the limits.',
    access: 'user',
    answer: formBuilderSchema,
    handle: async ({ ctx, viewer }) => {
      const blogs = await blogsOfUser(ctx.db, viewer.user.id);
      return { channels: blogs.map((blog) => channelView(blog, ctx.config.publicUrl, viewer.user)), limits: LIMITS };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/post/update',
    area: 'posts',
    summary: 'Saves the post form: a new post, a reblog or an edit, as the form names it (spec 1 §7, flat post[...] fields).',
    access: 'user',
    answer: saveSchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.blocked, ErrorCode.suspended, ErrorCode.blogNotFound],
    // The form's flat fields (post[one], post[state], ...) are read by the area's own reader, with the spec's messages.
    handle: async ({ ctx, viewer, request }) => {
      const { command, contextPage } = parsePostCommand(request.body);
      const { post, post_tumblelog, created_post, message } = await runPostCommand(ctx, viewer, command);
      return { post, post_tumblelog, post_context_page: contextPage, created_post, message } satisfies SaveResponse;
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/post/fetch',
    area: 'posts',
    summary: "A post as the post form opens it: the viewer's own post to edit (with its source as typed), or a post to reblog.",
    access: 'user',
    body: fetchSchema,
    answer: postFetchSchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.blocked],
    handle: async ({ ctx, viewer, body }) => {
      const reblog = 'reblog_id' in body;
      const row = reblog ? await reblogSource(ctx.db, viewer.user.id, body.reblog_id, body.reblog_key) : await ownPost(ctx.db, viewer, body.post_id);
      // The reblog form says so at once, rather than after the person has written their comment.
      if (reblog) await assertNotBlocked(ctx.db, viewer.user.id, row.blog_id);
      const post = await loadView(ctx, viewer, row.id);
      return {
        post,
        // The fields as typed (unsanitized, comments and all) are the author's alone: their own edit
        // form gets them, a reblog form only the published, sanitized post.
        ...(reblog ? {} : { source: row.source }),
        post_tumblelog: { name_or_id: post.blog.name, url: post.blog.url, post_url: post.post_url, avatar: post.blog.avatar_url },
        post_context_page: 'dashboard',
      };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/post/delete',
    area: 'posts',
    summary: "Deletes one of the viewer's posts.",
    access: 'user',
    body: deleteSchema,
    answer: emptySchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden],
    handle: async ({ ctx, viewer, body }) => {
      await deletePost(ctx, viewer, body.post_id);
      return {};
    },
  }),
  endpoint({
    method: 'POST',
    path: '/publish',
    area: 'posts',
    summary: "Publishes one of the viewer's drafts or queued posts now.",
    access: 'user',
    body: idSchema,
    answer: onePostSchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden],
    handle: async ({ ctx, viewer, body }) => ({ post: await publishNow(ctx, viewer, body.id) }),
  }),
  endpoint({
    method: 'POST',
    path: '/queue',
    area: 'posts',
    summary: "Adds one of the viewer's drafts to the end of its blog's queue.",
    access: 'user',
    body: idSchema,
    answer: onePostSchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden],
    handle: async ({ ctx, viewer, body }) => ({ post: await addToQueue(ctx, viewer, body.id) }),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/post/dashboard/:direction/:ref',
    area: 'posts',
    summary: 'A page of the dashboard: the posts of the blogs and tags the viewer follows and their own, newest first.',
    access: 'user',
    params: feedParams,
    answer: postPageSchema,
    handle: async ({ ctx, viewer, params }) => {
      const before = await feedCursor(ctx.db, params.ref);
      return postPage(ctx, await dashboardPage(ctx.db, viewer.user.id, before), viewer);
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/post/blog/:name/:direction/:ref',
    area: 'posts',
    summary: "A page of a blog's published posts, newest first (its owner also reads the private ones); logged out too.",
    access: 'anyone',
    params: blogFeedParams,
    answer: postPageSchema,
    loads: { blog: readableBlogFrom<CallWith<'params', typeof blogFeedParams>>((c) => c.params.name) },
    errors: [ErrorCode.blocked],
    handle: async ({ ctx, viewer, params, loaded: { blog } }) => {
      const isOwner = viewer?.user.id === blog.user_id;
      if (viewer && !isOwner && (await isBlockedBetween(ctx.db, viewer.user.id, blog.id))) throw blogHiddenByBlock();
      const before = await feedCursor(ctx.db, params.ref);
      return postPage(ctx, await blogPage(ctx.db, blog.id, before, isOwner), viewer);
    },
  }),
  ...stateLists,
  ...queueOrderEndpoints,
];
