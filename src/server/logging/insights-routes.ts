// A blog owner's insights (issue 17; docs/api.md "Insights").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { INSIGHTS } from '../../shared/logging/insights';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { blogNotFound, ErrorCode } from '../http/errors';
import { take, tooMany } from '../limits/rate-limit';
import { requireViewer } from '../http/session';
import { blogByName } from '../hydration/blogs';
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

type NameRequest = FastifyRequest<{ Params: { name: string } }>;

export function insightsRoutes(app: FastifyInstance, ctx: AppContext) {
  /** The viewer's own blog by name; anyone else's (or none) is a 404, so insights never tell a blog exists. */
  const ownBlog = async (request: NameRequest) => {
    const viewer = requireViewer(request);
    const blog = await blogByName(ctx.db, request.params.name);
    if (!blog || blog.user_id !== viewer.user.id) throw blogNotFound(request.params.name);
    return blog;
  };

  app.get<{ Params: { name: string } }>('/svc/blog/:name/insights', async (request) => {
    const q = parse(insightsQuery, request.query);
    const blog = await ownBlog(request);
    return ok(await readInsights(ctx.db, blog, q.days ?? INSIGHTS.defaultDays, new Date(), ctx.config.publicUrl));
  });

  /**
   * Runs the rollup at once: the impressions logged since the last pass (the periodic pass's own
   * work, done now: only events past the watermark are read, whatever the blog holds) and this
   * blog's note figures over the whole window (the periodic pass recounts the last two days).
   */
  app.post<{ Params: { name: string } }>('/svc/blog/:name/insights/refresh', async (request) => {
    const blog = await ownBlog(request);
    const rule = { name: 'insights-refresh', limit: INSIGHTS.refreshesPerMinute, windowMs: 60_000 };
    const refusal = await take(ctx.db, [{ rule, subject: requireViewer(request).user.id }]);
    if (refusal) {
      throw tooMany(refusal, ErrorCode.rateLimited, `Insights can be refreshed ${rule.limit} times a minute. Try again in ${refusal.retryAfter} s.`);
    }
    const now = new Date();
    await rollUpNewImpressions(ctx.db);
    await recountNotes(ctx.db, { since: windowStart(now, INSIGHTS.maxDays), blogId: blog.id });
    return ok(await readInsights(ctx.db, blog, INSIGHTS.defaultDays, now, ctx.config.publicUrl));
  });
}
