import { sql } from 'kysely';
import { INSIGHTS, type InsightDay, type InsightPost, type InsightsResponse } from '../../shared/logging/insights';
import { summaryOf } from './summary';
import type { Db } from '../db/schema';
import { noteStats } from '../hydration/counts';
import { postUrl } from '../hydration/post-views';
import { utcDay } from './ingest';
import { windowStart } from './insights-rollup';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A blog's insights for the last `days` days, read from the rollups only: one indexed range of
 * insight_days (its primary key), the newest posts (posts_blog_feed_idx) with their summed
 * impressions (insight_post_days primary key), and one note-count query for those posts.
 */
export async function readInsights(db: Db, blog: { id: string; name: string }, days: number, now: Date, publicUrl: string): Promise<InsightsResponse> {
  const since = windowStart(now, days);
  const [dayRows, postRows] = await Promise.all([
    db
      .selectFrom('insight_days')
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), 'impressions', 'likes', 'reblogs', 'replies', 'follows'])
      .where('blog_id', '=', blog.id)
      .where('day', '>=', since)
      .execute(),
    db
      .selectFrom('posts as p')
      .select(['p.id', 'p.slug', 'p.content', 'p.promoted_at'])
      .select(
        sql<string>`(SELECT coalesce(sum(d.impressions), 0) FROM insight_post_days d WHERE d.post_id = p.id AND d.day >= ${since}::date)`.as('impressions'),
      )
      .where('p.blog_id', '=', blog.id)
      .where('p.publish_id', 'is not', null)
      .orderBy('p.publish_id', 'desc')
      .limit(INSIGHTS.maxPosts)
      .execute(),
  ]);
  const byDate = new Map(dayRows.map((row) => [row.date, row]));
  const series: InsightDay[] = [];
  for (let i = days - 1; i >= 0; i--) {
    const date = utcDay(new Date(now.getTime() - i * DAY_MS));
    const row = byDate.get(date);
    series.push({
      date,
      impressions: Number(row?.impressions ?? 0),
      likes: Number(row?.likes ?? 0),
      reblogs: Number(row?.reblogs ?? 0),
      replies: Number(row?.replies ?? 0),
      follows: Number(row?.follows ?? 0),
    });
  }
  const stats = await noteStats(db, postRows.map((row) => row.id), null);
  const posts: InsightPost[] = postRows.map((row) => ({
    id: row.id,
    url: postUrl(publicUrl, blog.name, row),
    summary: summaryOf(row.content),
    impressions: Number(row.impressions),
    notes: stats.get(row.id)?.noteCount ?? 0,
    promoted: row.promoted_at !== null,
  }));
  return { blog: blog.name, days: series, posts };
}
