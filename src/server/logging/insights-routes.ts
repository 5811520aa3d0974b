// A blog owner's insights (issue 17; docs/api.md "Insights").
import { z } from 'zod';
import { insightsSchema } from '../../shared/answers/logging';
import { INSIGHTS } from '../../shared/logging/insights';
import { endpoint, type Call } from '../http/endpoint';
import { ownedBlogFrom } from '../rules/loads';
import { readInsights } from './insights';
import { recountNotes, rollUpNewImpressions, windowStart } from './insights-rollup';

const daysMessage = `days must be a whole number from 1 to ${INSIGHTS.maxDays}.`;
const insightsQuery = z.object({
  days: z
    .string({ error: daysMessage })
    .regex(/^\d{1,3}$/, daysMessage)
    .transform(Number)
    .pipe(z.number().min(1, daysMessage).max(INSIGHTS.maxDays, daysMessage))
    .optional(),
});

// Any name: one that is not the viewer's blog (or no blog) is the loader's 404, so insights never tell a blog exists.
const blogParams = z.object({ name: z.string() });
type ByName = Call<'user', z.infer<typeof blogParams>, unknown, unknown>;
const ownBlog = ownedBlogFrom((c: ByName) => c.params.name);

const REFRESH_RULE = { name: 'insights-refresh', limit: INSIGHTS.refreshesPerMinute, windowMs: 60_000 };

export const insightsEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/blog/:name/insights',
    area: 'logging',
    summary: "The owner's figures for their blog over the last `days` days (1 to 90, default 30), read from the rollups: a series per day and the newest posts.",
    access: 'user',
    params: blogParams,
    query: insightsQuery,
    answer: insightsSchema,
    loads: { blog: ownBlog },
    handle: ({ ctx, query, loaded }) => readInsights(ctx.db, loaded.blog, query.days ?? INSIGHTS.defaultDays, new Date(), ctx.config.publicUrl),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/blog/:name/insights/refresh',
    area: 'logging',
    // The impressions logged since the last pass (the periodic pass's own work, done now: only
    // events past the watermark are read, whatever the blog holds) and this blog's note figures
    // over the whole window (the periodic pass recounts the last two days).
    summary: "Runs the rollup at once (new impressions, and this blog's notes over 90 days) and answers as the GET for 30 days.",
    access: 'user',
    params: blogParams,
    answer: insightsSchema,
    // Each refresh takes a brief lock that holds the log's inserts.
    rateLimit: {
      what: `refreshes: insights can be refreshed ${REFRESH_RULE.limit} times a minute`,
      buckets: (c) => [{ rule: REFRESH_RULE, subject: c.viewer.user.id }],
    },
    loads: { blog: ownBlog },
    handle: async ({ ctx, loaded }) => {
      const now = new Date();
      await rollUpNewImpressions(ctx.db);
      await recountNotes(ctx.db, { since: windowStart(now, INSIGHTS.maxDays), blogId: loaded.blog.id });
      return readInsights(ctx.db, loaded.blog, INSIGHTS.defaultDays, now, ctx.config.publicUrl);
    },
  }),
];
