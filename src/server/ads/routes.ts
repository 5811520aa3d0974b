// The side column's ad slot (issue 17; docs/api.md "Ads"). The drawer's ads come with its pages
// (blog-viewer/routes.ts, `peepr_ad`); promote and unpromote (notes/) start and stop a campaign.
import { lrecSchema } from '../../shared/answers/ads';
import { featureFlags } from '../flags/service';
import { endpoint } from '../http/endpoint';
import { clientAddress } from '../limits/client-address';
import { readerSafeMode } from '../safe-mode';
import { lrecAd } from './serve';

export const adsEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/ads/lrec',
    area: 'ads',
    summary:
      "One ad for the side column's slot, or null (the slot is then removed; always null while the reader's lrec_on_blog_pages_peepr flag is off). Each ad served counts an impression; past a reader's hourly cap the slot stays empty.",
    access: 'anyone',
    answer: lrecSchema,
    handle: async ({ ctx, request, viewer }) => {
      // The slot sits beside a blog in the drawer: with lrec_on_blog_pages_peepr off for this
      // reader nothing is served, so no impression is counted for an ad nobody is shown.
      const flags = await featureFlags(ctx.db, viewer?.user.id ?? null);
      if (!flags.lrec_on_blog_pages_peepr) return { post: null };
      const safeMode = await readerSafeMode(ctx.db, viewer);
      return { post: await lrecAd(ctx, { viewer, address: clientAddress(request), safeMode }) };
    },
  }),
];
