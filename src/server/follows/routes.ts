import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { follow, followingPage, subscribe, unfollow, unsubscribe } from './service';

const tumblelog = z
  .string({ error: 'Say which blog: the tumblelog parameter is missing.' })
  .min(1, 'Say which blog: the tumblelog parameter is empty.')
  .max(100, 'That is not a blog name.');

/** Where the follow was made: the client sends these for analytics; they are accepted and not kept. */
const optional = z.union([z.string(), z.number()]).optional();
const followBody = z.object({
  tumblelog,
  placement_id: optional,
  pt: optional,
  source: optional,
  context: optional,
  tlt: optional,
  offset: optional,
});
const subscriptionBody = z.object({ source: optional });
const followingQuery = z.object({ before: z.string().optional() });

export function followRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/svc/follow', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(followBody, request.body);
    return ok(await follow(ctx, viewer.user, input.tumblelog));
  });

  app.post('/svc/unfollow', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(followBody, request.body);
    return ok(await unfollow(ctx, viewer.user.id, input.tumblelog));
  });

  app.post<{ Params: { name: string } }>('/svc/blog/:name/subscription', async (request) => {
    const viewer = requireViewer(request);
    parse(subscriptionBody, request.body);
    return ok(await subscribe(ctx, viewer.user, request.params.name));
  });

  app.delete<{ Params: { name: string } }>('/svc/blog/:name/subscription', async (request) => {
    const viewer = requireViewer(request);
    parse(subscriptionBody, request.body);
    return ok(await unsubscribe(ctx, viewer.user.id, request.params.name));
  });

  app.get('/svc/following', async (request) => {
    const viewer = requireViewer(request);
    const { before } = parse(followingQuery, request.query);
    return ok(await followingPage(ctx, viewer.user, before));
  });
}
