import { z } from 'zod';
import { FEATURE_FLAGS, OVERRIDE_STATES, type AdminFlagsResponse, type FeatureFlag, type SiteInfoResponse } from '../../shared/flags';
import { formFlag } from '../../shared/form-flag';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { adminFlags, setFlagOverride, setSiteFlag } from './admin';
import { featureFlags } from './service';

const flagNames = FEATURE_FLAGS as readonly [FeatureFlag, ...FeatureFlag[]];

const siteInfoSchema: z.ZodType<SiteInfoResponse> = z.object({
  features: z.record(z.enum(flagNames), z.boolean()),
  has_app: z.boolean(),
  app_url: z.string().nullable(),
});

const adminFlagsSchema: z.ZodType<AdminFlagsResponse> = z.object({
  flags: z.array(
    z.object({
      name: z.enum(flagNames),
      enabled: z.boolean(),
      description: z.string(),
      overrides: z.array(z.object({ tumblelog: z.string().nullable(), email: z.string(), enabled: z.boolean() })),
    }),
  ),
  overrides_truncated: z.boolean(),
});

const flagName = z.enum(flagNames, { error: `Say which flag: name must be one of ${FEATURE_FLAGS.join(', ')}.` });
const siteFlagBody = z.object({ name: flagName, enabled: formFlag('enabled') });
const overrideBody = z.object({
  name: flagName,
  tumblelog: z
    .string({ error: "Say whose: the tumblelog parameter (one of the person's blogs) is missing." })
    .trim()
    .min(1, "Say whose: the tumblelog parameter (one of the person's blogs) is empty.")
    .max(100, 'That is not a blog name.'),
  state: z.enum(OVERRIDE_STATES, { error: "state must be 'on', 'off' or 'default' (follow the site-wide value)." }),
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

  endpoint({
    method: 'GET',
    path: '/svc/admin/flags',
    area: 'flags',
    summary: 'Every feature flag: what it gates, its site-wide value, and the people with their own value.',
    access: 'admin',
    answer: adminFlagsSchema,
    handle: ({ ctx }) => adminFlags(ctx.db),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/admin/flags',
    area: 'flags',
    summary: "Sets a flag's site-wide value (people with their own value keep it).",
    access: 'admin',
    body: siteFlagBody,
    answer: adminFlagsSchema,
    handle: ({ ctx, body }) => setSiteFlag(ctx.db, body.name, body.enabled),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/admin/flags/override',
    area: 'flags',
    summary: "Gives the owner of a blog their own value of a flag ('on', 'off'), or takes it away ('default').",
    access: 'admin',
    body: overrideBody,
    answer: adminFlagsSchema,
    errors: [ErrorCode.blogNotFound],
    handle: ({ ctx, body }) => setFlagOverride(ctx.db, body.name, body.tumblelog, body.state),
  }),
];
