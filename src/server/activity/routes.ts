import type { FastifyInstance } from 'fastify';
import { activityPageQuery, activitySeenSchema } from '../../shared/activity/schemas';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { activityBlog, activityPage, markActivitySeen } from './service';

/** A blog's activity (spec 1 §3, §4): for its owner only. */
export function activityRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get<{ Params: { blogName: string } }>('/svc/activity/:blogName', async (request, reply) => {
    const viewer = requireViewer(request);
    const { before } = parse(activityPageQuery, request.query);
    const blog = await activityBlog(ctx, viewer.user.id, request.params.blogName);
    reply.header('cache-control', 'no-store');
    return ok(await activityPage(ctx, viewer.user.id, blog, before ?? null));
  });

  app.post<{ Params: { blogName: string } }>('/svc/activity/:blogName/seen', async (request) => {
    const viewer = requireViewer(request);
    const { id } = parse(activitySeenSchema, request.body);
    const blog = await activityBlog(ctx, viewer.user.id, request.params.blogName);
    return ok(await markActivitySeen(ctx, viewer.user.id, blog, id));
  });
}
