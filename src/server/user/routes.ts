import type { FastifyInstance } from 'fastify';
import { settingsSchema } from '../../shared/account';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { loadUserInfo, updateSettings } from './service';

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/svc/user/info', async (request, reply) => {
    const viewer = requireViewer(request);
    reply.header('cache-control', 'no-store');
    return ok(await loadUserInfo(ctx, viewer));
  });

  app.post('/svc/user/settings', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(settingsSchema, request.body);
    return ok(await loadUserInfo(ctx, await updateSettings(ctx, viewer, input)));
  });
}
