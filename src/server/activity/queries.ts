// The SQL of a blog's activity. Every query here walks notifications_blog_recent_idx
// (blog_id, id desc): ids are time-sortable, so "newest first", "newer than what was seen" and
// "the last 30 days" are all ranges of that one index.
import { sql } from 'kysely';
import { SHOWN_ACTIVITY_TYPES, SPARKLINE_DAYS, UNREAD_COUNT_CAP } from '../../shared/activity/types';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import type { NotificationRow } from '../db/tables/notification';
import { notAcrossBlock, publicBlog } from '../visibility';

const DAY_MS = 86_400_000;

/** The lowest id made at or after this time (ids carry their millisecond in the high bits). */
export const idAt = (date: Date) => (BigInt(date.getTime()) << 16n).toString();

// Literals, not parameters: compiled-once queries may only take their arguments as parameters.
const typeList = (types: readonly string[]) => sql.join(types.map((type) => sql.lit(type)));
const SHOWN = typeList(SHOWN_ACTIVITY_TYPES);

/**
 * The notifications of `n` (joined with its sender as `fb`) that the viewer may see: a type on
 * the list, and a sender that is anonymous, or neither suspended nor behind a block.
 */
const visibleToViewer = (db: Db, viewerUserId: string) => sql<boolean>`(
  n.type in (${SHOWN})
  and (n.from_blog_id is null or (${publicBlog('fb')} and ${notAcrossBlock(db, 'n.from_blog_id', viewerUserId)}))
)`;

/** One page of a blog's notifications, newest first: limit + 1 rows, so the caller knows of more. */
export function notificationPageQuery(db: Db, blogId: string, viewerUserId: string, before: string | null, limit: number) {
  let query = db
    .selectFrom('notifications as n')
    .leftJoin('blogs as fb', 'fb.id', 'n.from_blog_id')
    .selectAll('n')
    .where('n.blog_id', '=', blogId)
    .where(visibleToViewer(db, viewerUserId));
  if (before !== null) query = query.where('n.id', '<', before);
  return query.orderBy('n.id', 'desc').limit(limit + 1);
}

export const notificationRows = (db: Db, blogId: string, viewerUserId: string, before: string | null, limit: number): Promise<NotificationRow[]> =>
  notificationPageQuery(db, blogId, viewerUserId, before, limit).execute();

/**
 * Unread notifications of each of a user's blogs, each count stopped at the cap (the badge
 * says '99+' beyond 99), so a blog with a million unread costs what one with a hundred does.
 */
const unreadQuery = (db: Db, userId: string) =>
  db
    .selectFrom('blogs as b')
    .select((eb) => [
      'b.id',
      eb
        .selectFrom(
          eb
            .selectFrom('notifications as n')
            .leftJoin('blogs as fb', 'fb.id', 'n.from_blog_id')
            .select(sql.lit(1).as('one'))
            .whereRef('n.blog_id', '=', 'b.id')
            .whereRef('n.id', '>', 'b.activity_seen_id')
            .where(visibleToViewer(db, userId))
            .limit(sql.lit(UNREAD_COUNT_CAP))
            .as('unread_rows'),
        )
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .as('unread'),
    ])
    .where('b.user_id', '=', userId);

const unreadOfUserCompiled = compileOnce(unreadQuery);

/** Blog id -> unread notifications, for every blog of the user: one query (user info). */
export async function unreadByBlog(db: Db, userId: string): Promise<Map<string, number>> {
  const rows = await unreadOfUserCompiled(db, userId);
  return new Map(rows.map((r) => [r.id, Number(r.unread ?? 0)]));
}

/** Unread notifications of one blog of the user. */
export async function unreadOfBlog(db: Db, userId: string, blogId: string): Promise<number> {
  const row = await unreadQuery(db, userId).where('b.id', '=', blogId).executeTakeFirst();
  return Number(row?.unread ?? 0);
}

/**
 * Notes on the blog's posts per day for the last 30 days (UTC days, today last), oldest first:
 * 30 rows of activity_days on its primary key, kept by a trigger on notifications (migration
 * 12). All notes count: a block hides who, not how many.
 */
export async function sparkline(db: Db, blogId: string, now: Date): Promise<number[]> {
  const today = Math.floor(now.getTime() / DAY_MS);
  const first = new Date((today - SPARKLINE_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = await db
    .selectFrom('activity_days')
    .select([sql<string>`day::text`.as('day'), 'notes'])
    .where('blog_id', '=', blogId)
    .where('day', '>=', first)
    .execute();
  const days = new Array<number>(SPARKLINE_DAYS).fill(0);
  for (const row of rows) {
    const index = SPARKLINE_DAYS - 1 - (today - Math.floor(Date.parse(`${row.day}T00:00:00Z`) / DAY_MS));
    if (index >= 0 && index < SPARKLINE_DAYS) days[index] = Number(row.notes);
  }
  return days;
}

/**
 * Moves the blog's seen mark up to `id`: never down, and never past its newest notification
 * (a made-up id cannot mark tomorrow's activity as seen). Returns the mark.
 */
export async function markSeen(db: Db, blogId: string, id: string): Promise<string> {
  const newest = db
    .selectFrom('notifications')
    .select((eb) => eb.fn.coalesce(eb.fn.max('id'), sql<string>`0`).as('newest'))
    .where('blog_id', '=', blogId);
  const row = await db
    .updateTable('blogs')
    .set({ activity_seen_id: sql<string>`greatest(activity_seen_id, least(${id}::bigint, (${newest})))` })
    .where('id', '=', blogId)
    .returning('activity_seen_id')
    .executeTakeFirstOrThrow();
  return String(row.activity_seen_id);
}
