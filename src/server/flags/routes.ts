import { z } from 'zod';
import { FEATURE_FLAGS, type FeatureFlag, type SiteInfoResponse } from '../../shared/flags';
import { endpoint } from '../http/endpoint';
import { featureFlags } from './service';

const siteInfoSchema: z.ZodType<SiteInfoResponse> = z.object({
  features: z.record(z.enum(FEATURE_FLAGS as readonly [FeatureFlag, ...FeatureFlag[]]), z.boolean()),
  has_app: z.boolean(),
  app_url: z.string().nullable(),
});

export const flagEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/site',
    area: 'flags',
    // The same answer for everyone: the defaults, never a user's overrides (those come with the
    // user info). One read of the small flags table; the client asks once per visit.
    summary: "What every visitor may know of the site: the site-wide feature flags (no one's overrides) and whether an app is offered.",
    access: 'anyone',
    answer: siteInfoSchema,
    handle: async ({ ctx }) => ({ features: await featureFlags(ctx.db, null), has_app: ctx.config.appUrl !== null, app_url: ctx.config.appUrl }),
  }),
];
