import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { formFlag } from '../../shared/form-flag';
import { idField } from '../../shared/ids';
import { MODERATION_SWITCHES } from '../../shared/moderation';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireAdmin } from './admin';
import { openMessageReportsPage, resolveMessageReport } from './message-reports';
import { openReportsPage, resolveReport } from './reports';
import { toggleSwitch } from './switches';

const id = (field: string) => idField(field, { missing: `Say which one: ${field} is missing.`, digits: `${field} must be an id (digits only).` });

// Spec 1 §7: tumblelog. `value` (ours) sets the switch instead of flipping it.
const toggleBody = z.object({
  tumblelog: z
    .string({ error: 'Say which blog: the tumblelog parameter is missing.' })
    .min(1, 'Say which blog: the tumblelog parameter is empty.')
    .max(100, 'That is not a blog name.'),
  value: formFlag('value').optional(),
});
const reportsQuery = z.object({ before: id('before').optional() });
const resolveBody = z.object({ id: id('id') });

export function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  for (const name of MODERATION_SWITCHES) {
    app.post(`/${name}/toggle`, async (request) => {
      requireAdmin(request);
      const input = parse(toggleBody, request.body);
      return ok(await toggleSwitch(ctx, name, input.tumblelog, input.value));
    });
  }

  app.get('/svc/admin/reports', async (request) => {
    requireAdmin(request);
    const { before } = parse(reportsQuery, request.query);
    return ok(await openReportsPage(ctx, before));
  });

  app.post('/svc/admin/reports/resolve', async (request) => {
    requireAdmin(request);
    return ok(await resolveReport(ctx, parse(resolveBody, request.body).id));
  });

  app.get('/svc/admin/message_reports', async (request) => {
    requireAdmin(request);
    const { before } = parse(reportsQuery, request.query);
    return ok(await openMessageReportsPage(ctx, before));
  });

  app.post('/svc/admin/message_reports/resolve', async (request) => {
    requireAdmin(request);
    return ok(await resolveMessageReport(ctx, parse(resolveBody, request.body).id));
  });
}
