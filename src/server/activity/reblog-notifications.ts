import { sql } from 'kysely';
import { notify, type NewNotification } from './notify';
import type { Db } from '../db/schema';
import { hiddenBlogIds, publicPost } from '../visibility';

/**
 * Tells the blogs whose posts were reblogged, once a reblog goes out (published, not private):
 * 'reblog' to the parent post's blog, and 'post_attribution' to the root post's blog when that
 * is another blog. Called wherever a post becomes published (save, /publish, the queue
 * publisher), with the Db or transaction that published it; posts that are not reblogs are
 * skipped. A root blog in a block with the reblogger is not told (the parent's blog passed the
 * block check when the reblog was made).
 */
export async function notifyReblogsPublished(db: Db, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return;
  const { rows } = await sql<{ id: string; blog_id: string; parent_id: string; parent_blog_id: string; root_id: string | null; root_blog_id: string | null; root_blocked: boolean }>`
    select r.id, r.blog_id, parent.id as parent_id, parent.blog_id as parent_blog_id,
      root.id as root_id, root.blog_id as root_blog_id,
      root.blog_id in (${hiddenBlogIds(db, sql.ref<string>('rb.user_id'))}) as root_blocked
    from posts r
    join blogs rb on rb.id = r.blog_id
    join posts parent on parent.id = r.reblog_of_id
    left join posts root on root.id = r.root_id and root.id <> parent.id
    where r.id in (${sql.join(postIds)}) and ${publicPost('r')}`.execute(db);
  const notifications: NewNotification[] = [];
  for (const row of rows) {
    notifications.push({ blogId: row.parent_blog_id, type: 'reblog', fromBlogId: row.blog_id, postId: row.parent_id, newPostId: row.id });
    if (row.root_id && row.root_blog_id && row.root_blog_id !== row.parent_blog_id && !row.root_blocked) {
      notifications.push({ blogId: row.root_blog_id, type: 'post_attribution', fromBlogId: row.blog_id, postId: row.root_id, newPostId: row.id });
    }
  }
  await notify(db, notifications);
}
