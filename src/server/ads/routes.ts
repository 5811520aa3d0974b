// The side column's ad slot (issue 17; docs/api.md "Ads"). The drawer's ads come with its pages
// (blog-viewer/routes.ts, `peepr_ad`); promote and unpromote (notes/) start and stop a campaign.
import type { FastifyInstance } from 'fastify';
import type { LrecResponse } from '../../shared/ads/types';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { clientAddress } from '../limits/client-address';
import { readerSafeMode } from '../safe-mode';
import { lrecAd } from './serve';

export function adsRoutes(app: FastifyInstance, ctx: AppContext) {
  /** One ad for the lrec slot; each answer that carries an ad counts one impression of it. */
  app.get('/svc/ads/lrec', async (request) => {
    const safeMode = await readerSafeMode(ctx.db, request.viewer);
    const response: LrecResponse = { post: await lrecAd(ctx, { viewer: request.viewer, address: clientAddress(request), safeMode }) };
    return ok(response);
  });
}
