// The blog card (spec 1 §2, §7): GET /svc/tumblelog_popover/{name or token} and
// GET /svc/{blogName}/posts/highlighted. Both answer the blog as /svc/data/tumblelog does, with the
// viewer's follow state, plus its highlighted posts. Logged-out visitors see cards too.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BlogCardData } from '../../shared/types';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { ok, parse } from '../http/envelope';
import { blogNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { hydrate } from '../hydration/hydrator';
import { hiddenBySuspension } from '../visibility';
import { highlightedRows, highlightedView } from './highlighted';
import { blogByName } from '../hydration/blogs';
import { blogView } from '../hydration/blog-views';

/** A blog's token is its uuid (spec 1 §7 "fetches a blog by token"); names never look like one. */
const TOKEN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Sent by the card for the server's logs in the original product; accepted and not needed here.
const cardQuery = z.object({
  is_tumblelog_popover: z.string().max(10).optional(),
  is_user_mention: z.string().max(10).optional(),
});

const blogByToken = (ctx: AppContext, token: string) =>
  ctx.db.selectFrom('blogs').selectAll().where('uuid', '=', token.toLowerCase()).executeTakeFirst();

/** The card of a blog for this viewer: follow state, and posts unless a block stands between them. */
export async function blogCard(ctx: AppContext, viewer: Viewer | null, blog: BlogRow): Promise<BlogCardData> {
  const userId = viewer?.user.id ?? null;
  if (hiddenBySuspension(blog, userId)) throw blogNotFound(blog.name);
  const others = userId !== null && blog.user_id !== userId;
  // The viewer's flags about the blog (one query, only for someone else's blog) beside its posts.
  const [flags, rows] = await Promise.all([
    others ? hydrate(ctx.db, { viewerUserId: userId, blogIds: [blog.id], blocked: true, following: true }) : null,
    highlightedRows(ctx.db, blog.id),
  ]);
  const following = flags?.following.has(blog.id) ?? false;
  const blocked = flags?.blockedBlogs.has(blog.id) ?? false;
  return {
    ...blogView(blog, ctx.config.publicUrl, viewer?.user.current_blog_id ?? null),
    // Spec 1 §4: only a follower can subscribe.
    following,
    can_subscribe: following,
    is_subscribed: following && (flags?.subscribed.has(blog.id) ?? false),
    is_blocked: blocked,
    // Neither side of a block sees the other's posts (blocks/queries.ts).
    highlighted_posts: blocked ? [] : rows.map((row) => highlightedView(row, blog.name, ctx.config.publicUrl)),
  };
}

export function blogCardRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { nameOrToken: string } }>('/svc/tumblelog_popover/:nameOrToken', async (request) => {
    parse(cardQuery, request.query);
    const key = request.params.nameOrToken;
    const blog = (TOKEN.test(key) ? await blogByToken(ctx, key) : undefined) ?? (await blogByName(ctx.db, key));
    if (!blog) throw blogNotFound(key);
    return ok(await blogCard(ctx, request.viewer, blog));
  });

  // A variable first segment: Fastify tries every static /svc/... route first, and the names of
  // those segments are reserved blog names (shared/blog-name.ts), so this never shadows a route.
  app.get<{ Params: { blogName: string } }>('/svc/:blogName/posts/highlighted', async (request) => {
    parse(cardQuery, request.query);
    const blog = await blogByName(ctx.db, request.params.blogName);
    if (!blog) throw blogNotFound(request.params.blogName);
    return ok(await blogCard(ctx, request.viewer, blog));
  });
}
