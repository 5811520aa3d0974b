// A blog's queue clock: when its next queued post goes out (spec 1 §4 queue settings). Below the
// areas, since the post form, the blog settings and the video jobs (a queued post that waited for
// its video) all set it; posts/queue.ts publishes at these times.
import type { Db } from './db/schema';

export interface QueueSettings {
  queue_per_day: number;
  queue_start_hour: number;
  queue_end_hour: number;
}

const HOUR = 3_600_000;

/** The first queue slot strictly after `after`: the window split into equal parts, one post at the middle of each. */
export function nextQueueSlot(settings: QueueSettings, after: Date): Date {
  const { queue_per_day: perDay, queue_start_hour: start, queue_end_hour: end } = settings;
  const span = (end - start) * HOUR;
  const dayStart = Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate());
  for (let day = 0; day < 3; day++) {
    for (let i = 0; i < perDay; i++) {
      const slot = dayStart + day * 24 * HOUR + start * HOUR + Math.floor((span * (i + 0.5)) / perDay);
      if (slot > after.getTime()) return new Date(slot);
    }
  }
  throw new Error('no queue slot within three days');
}

/** After a post joins the queue: make sure the blog's queue has a next time. */
export async function armQueue(db: Db, blogId: string, now: Date) {
  const blog = await db
    .selectFrom('blogs')
    .select(['queue_per_day', 'queue_start_hour', 'queue_end_hour', 'queue_next_at'])
    .where('id', '=', blogId)
    .executeTakeFirstOrThrow();
  if (blog.queue_next_at) return;
  await db.updateTable('blogs').set({ queue_next_at: nextQueueSlot(blog, now) }).where('id', '=', blogId).execute();
}
