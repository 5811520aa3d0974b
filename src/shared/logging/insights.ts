/** The insights page's answer (GET /svc/blog/{name}/insights; docs/api.md "Insights"). */
export interface InsightDay {
  /** A UTC day, YYYY-MM-DD. */
  date: string;
  impressions: number;
  likes: number;
  reblogs: number;
  replies: number;
  follows: number;
}

export interface InsightPost {
  id: string;
  url: string;
  /** The start of the post's text, for the list. */
  summary: string;
  /** Impressions in the chosen days (from the rollup). */
  impressions: number;
  /** Notes now: likes, replies and public reblogs. */
  notes: number;
  promoted: boolean;
  /**
   * The post's promotion figures (ads, /svc/promote): impressions bought and served. null when it
   * was never promoted; kept after the promotion stops, until the next one starts.
   */
  spend: { budget: number; spent: number } | null;
}

export interface InsightsResponse {
  blog: string;
  /** Oldest first, one entry for every day of the window (zeros included). */
  days: InsightDay[];
  posts: InsightPost[];
}

export const INSIGHTS = {
  defaultDays: 30,
  maxDays: 90,
  /** The blog's newest published posts listed with their figures. */
  maxPosts: 50,
  /** An owner's Refreshes per minute: each takes a brief lock that holds the log's inserts. */
  refreshesPerMinute: 6,
  /** The five series of the chart, in legend order. */
  series: ['impressions', 'likes', 'reblogs', 'replies', 'follows'] as const,
} as const;
