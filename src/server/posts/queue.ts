// The queue: each blog publishes its queued posts a few times a day, spread over a daily window
// (UTC hours), and scheduled posts go out at their publish_on. State lives in the database, so a
// restart catches up and several server processes can share the work.
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { announcePublished } from '../activity/published';
import { startPoller } from '../poller';
import { nextQueueSlot } from '../queue-slots';

/** The posts going out for the first time: only they tell others (activity/published.ts). */
const firstTimeOut = (rows: { id: string; was_published: boolean }[]) => rows.filter((r) => !r.was_published).map((r) => r.id);

/**
 * One pass of the publisher at time `now`: scheduled posts that are due, then one queued post for
 * each blog whose queue is due. Rows are claimed with FOR UPDATE SKIP LOCKED inside one statement
 * or transaction, so each post is published exactly once even with several server processes.
 */
export async function publishDue(db: Db, now: Date): Promise<string[]> {
  const published: string[] = [];
  // Reblogs among the posts going out tell the blogs they came from, in the same transaction.
  const scheduled = await db.transaction().execute(async (trx) => {
    const result = await sql<{ id: string; was_published: boolean }>`
    with due as (
      select id, was_published from posts
      where state = 'queued' and publish_on is not null and publish_on <= ${now}
      order by publish_on
      limit 100
      for update skip locked
    )
    update posts p set state = 'published', publish_on = null, publish_id = next_id(), was_published = true, updated_at = ${now}
    from due where p.id = due.id
    returning p.id, due.was_published`.execute(trx);
    // A post that was out before (published, then queued again) has told others already.
    await announcePublished(trx, firstTimeOut(result.rows));
    return result;
  });
  published.push(...scheduled.rows.map((r) => r.id));

  const fromQueues = await db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('blogs')
      .select(['id', 'queue_per_day', 'queue_start_hour', 'queue_end_hour'])
      .where('queue_next_at', '<=', now)
      .orderBy('queue_next_at')
      .limit(50)
      .forUpdate()
      .skipLocked()
      .execute();
    const ids: string[] = [];
    const out: { id: string; was_published: boolean }[] = [];
    for (const blog of due) {
      const next = await trx
        .selectFrom('posts')
        .select(['id', 'was_published'])
        .where('blog_id', '=', blog.id)
        .where('state', '=', 'queued')
        .where('publish_on', 'is', null)
        // First in the queue's order (posts/queue-order.ts); the id breaks a tie between two joining at once.
        .orderBy('queue_position')
        .orderBy('id')
        .limit(2)
        .forUpdate()
        .skipLocked()
        .execute();
      if (next[0]) {
        await sql`update posts set state = 'published', publish_id = next_id(), was_published = true, updated_at = ${now} where id = ${next[0].id}`.execute(trx);
        ids.push(next[0].id);
        out.push(next[0]);
      }
      // The next slot comes after now, not after the missed one: a server that was down does not flood.
      await trx
        .updateTable('blogs')
        .set({ queue_next_at: next.length > 1 ? nextQueueSlot(blog, now) : null })
        .where('id', '=', blog.id)
        .execute();
    }
    await announcePublished(trx, firstTimeOut(out));
    return ids;
  });
  published.push(...fromQueues);
  return published;
}

/** Runs the publisher every `intervalMs`; the returned stop waits for a pass in progress. */
export function startPublisher(db: Db, log: { error: (obj: object, msg: string) => void }, intervalMs = 5_000) {
  const poller = startPoller({
    tick: () => publishDue(db, new Date()),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'queue publisher pass failed'),
  });
  return () => poller.stop();
}
