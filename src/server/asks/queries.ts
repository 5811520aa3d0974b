// The blog's inbox (asks and submissions waiting, newest first) and its counts.
import { sql } from 'kysely';
import type { Db } from '../db/schema';

export const INBOX_PAGE_SIZE = 10;

export interface InboxIds {
  ids: string[];
  next: string | null;
}

/** One keyset page (id < before), limit+1 to know whether more follow; posts_inbox_idx serves it. */
export async function inboxPage(db: Db, blogId: string, before: string | null): Promise<InboxIds> {
  let query = db
    .selectFrom('posts')
    .select('id')
    .where('blog_id', '=', blogId)
    .where('state', '=', 'unapproved')
    .orderBy('id', 'desc')
    .limit(INBOX_PAGE_SIZE + 1);
  if (before) query = query.where('id', '<', before);
  const rows = await query.execute();
  const shown = rows.slice(0, INBOX_PAGE_SIZE);
  return { ids: shown.map((row) => row.id), next: rows.length > INBOX_PAGE_SIZE ? shown[shown.length - 1]!.id : null };
}

/** What waits in each of a user's blogs' inboxes, one query (posts_inbox_idx per blog). */
export async function inboxCounts(db: Db, userId: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; count: string }>`
    select b.name, count(p.id) as count
    from blogs b
    join posts p on p.blog_id = b.id and p.state = 'unapproved'
    where b.user_id = ${userId} and b.deleted_at is null
    group by b.name`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.count)]));
}

/** An item waiting in the inbox of a blog the user owns, with what the owner's actions need. */
export async function inboxItem(db: Db, userId: string, postId: string) {
  return db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.id', 'posts.blog_id')
    .select(['posts.id', 'posts.blog_id', 'posts.type', 'posts.reblog_key', 'posts.from_blog_id', 'posts.asker_hash', 'posts.was_published', 'posts.content', 'blogs.name as blog_name'])
    .where('posts.id', '=', postId)
    .where('posts.state', '=', 'unapproved')
    .where('blogs.user_id', '=', userId)
    .executeTakeFirst();
}
