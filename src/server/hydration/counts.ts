// Note counts with the viewer's liked and reblogged flags: one query for a whole list of posts.
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { publicPost } from '../visibility';

/** What a list of posts shows of their notes: the count, and whether the viewer liked and reblogged each. */
export interface NoteStats {
  noteCount: number;
  liked: boolean;
  reblogged: boolean;
}

/*
 * A note counts when others can see it: every like and reply, the published, public reblogs
 * (posts_reblogs_published_idx), and the likes, reblogs and replies from elsewhere (federation). One query for the whole list, whatever its length: three indexed
 * counts per post, and the viewer's flags from likes_pkey and posts_blog_reblogs_idx.
 */
export async function noteStats(db: Db, postIds: string[], viewerUserId: string | null): Promise<Map<string, NoteStats>> {
  if (postIds.length === 0) return new Map();
  const { rows } = await noteStatsQuery(postIds, viewerUserId).execute(db);
  return new Map(rows.map((r) => [r.id, { noteCount: Number(r.note_count), liked: r.liked, reblogged: r.reblogged }]));
}

/** noteStats' one query (bench/bare-feed.ts sends the same text). */
export function noteStatsQuery(postIds: string[], viewerUserId: string | null) {
  const viewer = viewerUserId ?? '0';
  return sql<{ id: string; note_count: string; liked: boolean; reblogged: boolean }>`
    select p.id,
      (select count(*) from likes l where l.post_id = p.id)
      + (select count(*) from posts r
         where r.reblog_of_id = p.id and ${publicPost('r')})
      + (select count(*) from replies x where x.post_id = p.id)
      + (select count(*) from remote_notes n where n.post_id = p.id) as note_count,
      -- Scalar subqueries, not EXISTS: the planner may turn an EXISTS into a hash over all of a
      -- user's likes, or over every reblog of the post; these are a lookup per post.
      coalesce((select true from likes l where l.user_id = ${viewer} and l.post_id = p.id limit 1), false) as liked,
      -- A queued reblog counts: the viewer has already passed the post on (spec 1 §4).
      coalesce((
        select true from blogs b join posts r on r.blog_id = b.id
        where b.user_id = ${viewer} and r.reblog_of_id = p.id and r.state in ('published', 'queued')
        limit 1
      ), false) as reblogged
    from posts p
    where p.id in (${sql.join(postIds)})`;
}

export async function noteCount(db: Db, postId: string): Promise<number> {
  return (await noteStats(db, [postId], null)).get(postId)?.noteCount ?? 0;
}
