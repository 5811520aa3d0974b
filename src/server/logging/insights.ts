import { sql } from 'kysely';
import { INSIGHTS, type InsightDay, type InsightPost, type InsightsResponse } from '../../shared/logging/insights';
import { summaryOf } from './summary';
import type { Db } from '../db/schema';
import { postUrl } from '../hydration/post-views';
import { publicPost } from '../visibility';
import { utcDay } from './ingest';
import { windowStart } from './insights-rollup';

const DAY_MS = 24 * 60 * 60_000;

/**
 * A blog's insights for the last `days` days, read from the rollups only, in two statements run
 * side by side: one indexed range of insight_days (its primary key), and the newest posts
 * (posts_blog_feed_idx) each with its impressions summed from insight_post_days (an index-only
 * range of insight_post_days_post_cover), its notes (the same per-post lookups as noteStats) and
 * its promotion's budget and spend (ad_campaigns' primary key).
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
      .leftJoin('ad_campaigns as c', 'c.post_id', 'p.id')
      .select(['p.id', 'p.slug', 'p.content', 'p.promoted_at', 'c.budget', 'c.spent'])
      .select(
        sql<string>`(SELECT coalesce(sum(d.impressions), 0) FROM insight_post_days d WHERE d.post_id = p.id AND d.day >= ${since}::date)`.as('impressions'),
      )
      .select(
        sql<string>`(SELECT count(*) FROM likes l WHERE l.post_id = p.id)
          + (SELECT count(*) FROM posts r WHERE r.reblog_of_id = p.id AND ${publicPost('r')})
          + (SELECT count(*) FROM replies x WHERE x.post_id = p.id)`.as('notes'),
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
  const posts: InsightPost[] = postRows.map((row) => ({
    id: row.id,
    url: postUrl(publicUrl, blog.name, row),
    summary: summaryOf(row.content),
    impressions: Number(row.impressions),
    notes: Number(row.notes),
    promoted: row.promoted_at !== null,
    spend: row.budget === null || row.budget === undefined ? null : { budget: Number(row.budget), spent: Number(row.spent ?? 0) },
  }));
  return { blog: blog.name, days: series, posts };
}
