import type { ColumnType, Generated } from 'kysely';

/** One behaviour event (spec 2 §7), append-only; `day` drives retention and the rollups. */
export interface LogEventTable {
  id: ColumnType<string, never, never>;
  day: ColumnType<string, string, never>;
  created_at: Generated<Date>;
  client_ts: Date | null;
  user_id: string | null;
  name: string;
  post_id: string | null;
  fields: ColumnType<unknown, string, never>;
}

/** Insights per blog and day, rebuilt by the rollup (src/server/logging/insights-rollup.ts). */
export interface InsightDayTable {
  blog_id: string;
  day: ColumnType<string, string, string>;
  impressions: number;
  likes: number;
  reblogs: number;
  replies: number;
  follows: number;
}

/** Impressions per post and day, rebuilt by the same rollup. */
export interface InsightPostDayTable {
  post_id: string;
  blog_id: string;
  day: ColumnType<string, string, string>;
  impressions: number;
}
