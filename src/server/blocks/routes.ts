import { z } from 'zod';
import { blockedPageSchema, blockSchema } from '../../shared/answers/blocks';
import { idField, postIdMessage } from '../../shared/ids';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import { endpoint, type Loader } from '../http/endpoint';
import { ErrorCode, notLoggedIn } from '../http/errors';
import { NOT_OUR_CURSOR } from '../http/paging';
import type { Viewer } from '../http/session';
import type { CallWith } from '../rules/loads';
import { blockAs, blockedPage, blockingBlog, removeBlock } from './service';

const blogName = (field: string) =>
  z
    .string({ error: `Say which blog: ${field} is missing.` })
    .trim()
    .min(1, `Say which blog: ${field} is empty.`)
    .max(100, `${field} is not a blog name.`);

const postId = idField('blocked_post', { missing: 'blocked_post must be a post id.', digits: postIdMessage('blocked_post') });

// Spec 1 §7: tumblelog (the blocking blog), blocked_tumblelog or blocked_post, block_context.
const addBody = z.object({
  tumblelog: blogName('tumblelog'),
  blocked_tumblelog: blogName('blocked_tumblelog').optional(),
  blocked_post: postId.optional(),
  block_context: z.string({ error: 'block_context must be text.' }).max(200, 'Keep block_context to 200 characters or fewer.').optional(),
});
const removeBody = z.object({ tumblelog: blogName('tumblelog'), blocked_tumblelog: blogName('blocked_tumblelog') });
const listQuery = z.object({ tumblelog: blogName('tumblelog'), before: z.string({ error: 'before must be text.' }).max(80, NOT_OUR_CURSOR).optional() });

/** The blog that blocks: one of the viewer's own; someone else's is a 403 that says so (docs/api.md). */
export const blockingBlogFrom = <C extends { ctx: { db: Db }; viewer: Viewer | null }>(name: (call: C) => string): Loader<C, BlogRow> => ({
  describe: "one of the viewer's blogs, named by tumblelog (404 for none, 403 for another person's)",
  errors: [ErrorCode.blogNotFound, ErrorCode.forbidden],
  load: (call) => {
    if (!call.viewer) throw notLoggedIn();
    return blockingBlog(call.ctx.db, call.viewer, name(call));
  },
});

export const blockEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/block/add',
    area: 'blocks',
    summary: "Blocks a blog (named, or through one of its posts) from one of the viewer's blogs, ending the follows between the two owners.",
    access: 'user',
    body: addBody,
    answer: blockSchema,
    loads: { blocker: blockingBlogFrom<CallWith<'body', typeof addBody>>((c) => c.body.tumblelog) },
    errors: [ErrorCode.notFound, ErrorCode.notAllowed],
    handle: ({ ctx, viewer, body, loaded }) => blockAs(ctx, viewer, loaded.blocker, body),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/block/remove',
    area: 'blocks',
    summary: "Lifts a block one of the viewer's blogs made; none there: the same answer.",
    access: 'user',
    body: removeBody,
    answer: blockSchema,
    loads: { blocker: blockingBlogFrom<CallWith<'body', typeof removeBody>>((c) => c.body.tumblelog) },
    handle: ({ ctx, viewer, body, loaded }) => removeBlock(ctx, viewer, loaded.blocker, body.blocked_tumblelog),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/block/list',
    area: 'blocks',
    summary: "A page of the blogs one of the viewer's blogs blocked, newest block first.",
    access: 'user',
    query: listQuery,
    answer: blockedPageSchema,
    paging: { cursor: 'before' },
    loads: { blocker: blockingBlogFrom<CallWith<'query', typeof listQuery>>((c) => c.query.tumblelog) },
    handle: ({ ctx, viewer, query, loaded }) => blockedPage(ctx, viewer, loaded.blocker, query.before),
  }),
];
