import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { APPEAL_LEVEL } from '../../shared/appeals';
import { formFlag } from '../../shared/form-flag';
import { idField } from '../../shared/ids';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { requireAdmin } from '../moderation/admin';
import { appealsPage } from './queue';
import { decideAppeal, markSensitive, requestAppeal } from './service';

const id = (field: string) => idField(field, { missing: `Say which one: ${field} is missing.`, digits: `${field} must be an id (digits only).` });

// Issue 15: post_id, blog_name, state (3 asks for a review, 2 dismisses the offer).
const appealBody = z.object({
  post_id: id('post_id'),
  blog_name: z.string({ error: 'Say which blog: blog_name is missing.' }).min(1, 'Say which blog: blog_name is empty.').max(100, 'That is not a blog name.'),
  state: z.preprocess(
    (value) => (typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value),
    z.union([z.literal(APPEAL_LEVEL.in_review), z.literal(APPEAL_LEVEL.available)], {
      error: 'state must be 3 (ask for a review) or 2 (not now).',
    }),
  ),
});
const sensitiveBody = z.object({ post_id: id('post_id'), sensitive: formFlag('sensitive') });
const queueQuery = z.object({ before: id('before').optional() });

export function appealRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/svc/appeal', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(appealBody, request.body);
    return ok(await requestAppeal(ctx, viewer, input.post_id, input.blog_name, input.state));
  });

  app.post('/svc/moderation/post/sensitive', async (request) => {
    requireAdmin(request);
    const input = parse(sensitiveBody, request.body);
    return ok(await markSensitive(ctx, input.post_id, input.sensitive));
  });

  app.post('/svc/moderation/appeal/decide', async (request) => {
    requireAdmin(request);
    const input = parse(sensitiveBody, request.body);
    return ok(await decideAppeal(ctx, input.post_id, input.sensitive));
  });

  app.get('/svc/admin/appeals', async (request) => {
    requireAdmin(request);
    const { before } = parse(queueQuery, request.query);
    return ok(await appealsPage(ctx, before));
  });
}
