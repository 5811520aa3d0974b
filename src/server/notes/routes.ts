import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADS } from '../../shared/ads/types';
import { postIdField } from '../../shared/ids';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { flagField } from '../http/fields';
import { notesOfPost } from './list';
import { fastReblog } from './reblog';
import { like, promote, reply, unlike, unpromote } from './service';

const key = (field: string) =>
  z.string({ error: `${field} is missing: send the post's reblog_key with it.` }).min(1, `${field} is empty: send the post's reblog_key.`);
/** Where the action was made (spec 1 §7): the client sends these for analytics; accepted, not kept. */
const context = z.union([z.string(), z.number(), z.boolean()]).optional();

const likeBody = z.object({
  id: postIdField('id'),
  key: key('key'),
  root_id: context,
  placement_id: context,
  is_recommended: context,
  pt: context,
  method: context,
  source: context,
  offset: context,
});
const fastReblogBody = z.object({
  reblog_post_id: postIdField('reblog_post_id'),
  reblog_key: key('reblog_key'),
  queue: z.unknown().optional(),
  pt: context,
  offset: context,
});
const replyBody = z.object({
  post_id: postIdField('post_id'),
  reply_text: z.string({ error: 'reply_text is missing: write the reply.' }),
  tumblelog: z.string().optional(),
  tumblelog_key: key('tumblelog_key'),
  source: context,
});
const BUDGET_PROBLEM = `budget must be a whole number of impressions from 1 to ${ADS.maxBudget}.`;
const promoteBody = z.object({
  post_id: postIdField('post_id'),
  reblog_key: z.string().optional(),
  tumblelog_name: z.string().optional(),
  // The tag a promotion is for, and the id of one to end: promotions are per post here, so these are accepted and not kept.
  tag: context,
  tag_id: context,
  budget: z
    .union([z.number(), z.string()], { error: BUDGET_PROBLEM })
    .transform((v) => (typeof v === 'string' && /^\d{1,7}$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: BUDGET_PROBLEM }).int(BUDGET_PROBLEM).min(1, BUDGET_PROBLEM).max(ADS.maxBudget, BUDGET_PROBLEM))
    .optional(),
});
const notesQuery = z.object({ post_id: postIdField('post_id'), before: z.string().optional() });

export function notesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/svc/like', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(likeBody, request.body);
    return ok(await like(ctx, viewer, input.id, input.key));
  });

  app.post('/svc/unlike', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(likeBody, request.body);
    return ok(await unlike(ctx, viewer, input.id, input.key));
  });

  app.post('/fast_reblog', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(fastReblogBody, request.body);
    // '1', 'true', 'on' or true queue it; absent, '0', 'false', 'off' or '' publish now.
    const queue = flagField(input as Record<string, unknown>, 'queue') ?? false;
    return ok(await fastReblog(ctx, viewer, { reblog_post_id: input.reblog_post_id, reblog_key: input.reblog_key, queue }));
  });

  app.post('/svc/reply', async (request) => {
    const viewer = requireViewer(request);
    return ok(await reply(ctx, viewer, parse(replyBody, request.body)));
  });

  app.post('/svc/promote', async (request) => {
    const viewer = requireViewer(request);
    return ok(await promote(ctx, viewer, parse(promoteBody, request.body)));
  });

  app.post('/svc/unpromote', async (request) => {
    const viewer = requireViewer(request);
    return ok(await unpromote(ctx, viewer, parse(promoteBody, request.body)));
  });

  app.get('/svc/post/notes', async (request) => {
    const input = parse(notesQuery, request.query);
    return ok(await notesOfPost(ctx, request.viewer?.user.id ?? null, input.post_id, input.before));
  });
}
