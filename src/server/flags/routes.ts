import type { FastifyInstance } from 'fastify';
import type { SiteInfoResponse } from '../../shared/flags';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { featureFlags } from './service';

export function flagRoutes(app: FastifyInstance, ctx: AppContext) {
  // The same answer for everyone: the defaults, never a user's overrides (those come with the
  // user info). One read of the small flags table; the client asks once per visit.
  app.get('/svc/site', async () => {
    const features = await featureFlags(ctx.db, null);
    return ok<SiteInfoResponse>({ features, has_app: ctx.config.appUrl !== null, app_url: ctx.config.appUrl });
  });
}
