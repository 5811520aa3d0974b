// Answer schemas of the behaviour log and of insights (docs/api.md "Behaviour log", "Insights").
import { z } from 'zod';
import type { InsightDay, InsightPost, InsightsResponse } from '../logging/insights';

const count = z.number();

/** A stored batch of the behaviour log: how many events went in. */
export interface LogBatchAnswer {
  stored: number;
}

export const logBatchSchema: z.ZodType<LogBatchAnswer> = z.object({ stored: count });

/** The conversion log answers an empty object: it was stored, or had been already. */
export const conversionLoggedSchema: z.ZodType<Record<string, never>> = z.object({}).strict();

const insightDaySchema: z.ZodType<InsightDay> = z.object({
  date: z.string(),
  impressions: count,
  likes: count,
  reblogs: count,
  replies: count,
  follows: count,
});

const insightPostSchema: z.ZodType<InsightPost> = z.object({
  id: z.string(),
  url: z.string(),
  summary: z.string(),
  impressions: count,
  notes: count,
  promoted: z.boolean(),
  spend: z.object({ budget: count, spent: count }).nullable(),
});

export const insightsSchema: z.ZodType<InsightsResponse> = z.object({
  blog: z.string(),
  days: z.array(insightDaySchema),
  posts: z.array(insightPostSchema),
});
