import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema';
import type { NoteMeta, NotificationType } from '../db/tables/notification';

export interface NewNotification {
  /** The blog that receives it. */
  blogId: string;
  type: NotificationType;
  /** Who did it; null for anonymous activity. */
  fromBlogId: string | null;
  postId?: string | null;
  newPostId?: string | null;
  noteMeta?: NoteMeta;
}

/**
 * Records activity for the blogs that receive it. Nobody is told of their own actions: a
 * notification from a blog to a blog of the same user is dropped here, once for every caller.
 * Pass the same Db/transaction the action ran in, so both land or neither does.
 */
export async function notify(db: Db, notifications: NewNotification[]): Promise<void> {
  if (notifications.length === 0) return;
  const rows = notifications.map(
    (n) =>
      sql`(${n.blogId}::bigint, ${n.type}, ${n.fromBlogId}::bigint, ${n.postId ?? null}::bigint, ${n.newPostId ?? null}::bigint, ${JSON.stringify(n.noteMeta ?? {})}::jsonb)`,
  );
  await notifySelected(db, sql`values ${sql.join(rows)}`);
}

/**
 * notify() for notifications a query finds (a post's subscribers, the blogs it mentions, ...),
 * however many, in one statement. `rows` is a `select` (or `values`) whose columns are, in order:
 * blog_id, type, from_blog_id, post_id, new_post_id, note_meta (bigint, text, bigint, bigint,
 * bigint, jsonb; cast nulls and literals to those types). The rules of notify() apply.
 */
export async function notifySelected(db: Db, rows: RawBuilder<unknown>): Promise<void> {
  // The rows are kept only where the receiving blog exists and belongs to another user than the
  // sending blog (the owner check is a join, not a lookup before the insert).
  await sql`
    insert into notifications (blog_id, type, from_blog_id, post_id, new_post_id, note_meta)
    select v.blog_id, v.type, v.from_blog_id, v.post_id, v.new_post_id, v.note_meta
    from (${rows}) as v(blog_id, type, from_blog_id, post_id, new_post_id, note_meta)
    join blogs target on target.id = v.blog_id
    left join blogs sender on sender.id = v.from_blog_id
    where v.from_blog_id is null or (sender.id is not null and sender.user_id <> target.user_id)`.execute(db);
}

/**
 * A notification of what an account elsewhere did (federation: a like, reblog or reply from another
 * server), tied to the note it made so that taking the note back (Undo, Delete) takes it too. No
 * blog of ours did it, so the same-user rule has nothing to drop.
 */
export async function notifyFromElsewhere(
  db: Db,
  n: { blogId: string; type: NotificationType; postId: string; noteMeta: NoteMeta; remoteNoteId: string },
): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ blog_id: n.blogId, type: n.type, from_blog_id: null, post_id: n.postId, note_meta: JSON.stringify(n.noteMeta), remote_note_id: n.remoteNoteId })
    .execute();
}
