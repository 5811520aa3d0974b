// The blog card (spec 1 §2, §7): GET /svc/tumblelog_popover/{name or token} and
// GET /svc/{blogName}/posts/highlighted. Both answer the blog as /svc/data/tumblelog does, with the
// viewer's follow state, plus its highlighted posts. Logged-out visitors see cards too.
import { z } from 'zod';
import { blogCardSchema } from '../../shared/answers/blog';
import { isUuid } from '../../shared/ids';
import type { BlogCardData } from '../../shared/types';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { endpoint, type Loader } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { blogView } from '../hydration/blog-views';
import { NOT_FOLLOWING, readableBlog, readableBlogByUuid, relationTo } from '../rules/blogs';
import { readableBlogFrom, type CallWith } from '../rules/loads';
import { highlightedRows, highlightedView } from './highlighted';

// Sent by the card for the server's logs in the original product; accepted and not needed here.
const cardQuery = z.object({
  is_tumblelog_popover: z.string().max(10).optional(),
  is_user_mention: z.string().max(10).optional(),
});

interface CardCall {
  ctx: AppContext;
  viewer: Viewer | null;
  params: { nameOrToken: string };
}

/** A blog's token is its uuid (spec 1 §7 "fetches a blog by token"); names never look like one. */
const blogByNameOrToken: Loader<CardCall, BlogRow> = {
  describe: 'a blog the viewer may read, by name or by token (its uuid); 404 for none, or one suspended',
  errors: [ErrorCode.blogNotFound],
  load: async ({ ctx, viewer, params: { nameOrToken } }) => {
    const viewerUserId = viewer?.user.id ?? null;
    const byToken = isUuid(nameOrToken) ? await readableBlogByUuid(ctx.db, viewerUserId, nameOrToken) : null;
    return byToken ?? readableBlog(ctx.db, viewerUserId, nameOrToken);
  },
};

/** The card of a blog the viewer may read: their relation to it, and its posts unless a block stands between them. */
export async function blogCard(ctx: AppContext, viewer: Viewer | null, blog: BlogRow): Promise<BlogCardData> {
  // The viewer's flags about the blog (one statement, none for their own blog) beside its posts.
  const [relation, rows] = await Promise.all([viewer ? relationTo(ctx.db, viewer.user.id, blog) : NOT_FOLLOWING, highlightedRows(ctx.db, blog.id)]);
  return {
    ...blogView(blog, ctx.config.publicUrl, viewer?.user.current_blog_id ?? null),
    ...relation,
    // Neither side of a block sees the other's posts (blocks/queries.ts).
    highlighted_posts: relation.is_blocked ? [] : rows.map((row) => highlightedView(row, blog.name, ctx.config.publicUrl)),
  };
}

export const blogCardEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/tumblelog_popover/:nameOrToken',
    area: 'blogs',
    summary: "A blog's card, by name or token: the blog, the viewer's relation to it and its newest public posts.",
    access: 'anyone',
    params: z.object({ nameOrToken: z.string() }),
    query: cardQuery,
    answer: blogCardSchema,
    loads: { blog: blogByNameOrToken },
    handle: async ({ ctx, viewer, loaded: { blog } }) => blogCard(ctx, viewer, blog),
  }),
  // A variable first segment: Fastify tries every static /svc/... route first, and the names of
  // those segments are reserved blog names (shared/blog-name.ts), so this never shadows a route.
  endpoint({
    method: 'GET',
    path: '/svc/:blogName/posts/highlighted',
    area: 'blogs',
    summary: "A blog's card by name: the blog, the viewer's relation to it and its newest public posts.",
    access: 'anyone',
    params: z.object({ blogName: z.string() }),
    query: cardQuery,
    answer: blogCardSchema,
    loads: { blog: readableBlogFrom((c: CallWith<'params', { blogName: string }>) => c.params.blogName) },
    handle: async ({ ctx, viewer, loaded: { blog } }) => blogCard(ctx, viewer, blog),
  }),
];
