// A blog's queue in order (issue 24): moving one post before or after another, setting the whole
// order, shuffling. Each change locks the blog's row first, so two reorders of one queue run one
// after the other and each reads the order the other left; the publisher (posts/queue.ts) locks the
// same row with SKIP LOCKED, so it waits for no reorder and never publishes from a half-written order.
import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { QueueOrderInput } from '../../shared/posts/queue-order';
import type { Database, Db } from '../db/schema';
import { conflict, ErrorCode, invalidField } from '../http/errors';

type Trx = Transaction<Database>;

/** Locks the blog's queue and reads its order, first to go out first. */
async function lockedOrder(trx: Trx, blogId: string): Promise<string[]> {
  await trx.selectFrom('blogs').select('id').where('id', '=', blogId).forUpdate().execute();
  return queueOrder(trx, blogId);
}

/** The queue's order, first to go out first (posts_blog_queue_idx). */
export async function queueOrder(db: Db | Trx, blogId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('posts')
    .select('id')
    .where('blog_id', '=', blogId)
    .where('state', '=', 'queued')
    .orderBy('queue_position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Writes places 1..n in one statement; unchanged when the order is the one already stored. */
async function writeOrder(trx: Trx, blogId: string, order: string[], before: string[]) {
  if (order.every((id, i) => before[i] === id)) return;
  await sql`
    update posts p set queue_position = o.place
    from unnest(${order}::bigint[]) with ordinality as o(id, place)
    where p.id = o.id and p.blog_id = ${blogId} and p.state = 'queued'`.execute(trx);
}

const notQueued = (field: string) =>
  invalidField(field, `${field} is not a post in this blog's queue: reload the queue and try again.`);

/** `order` with `postId` taken out and put back before or after `anchorId`. */
export function moved(order: string[], postId: string, anchorId: string, side: 'before' | 'after'): string[] {
  const rest = order.filter((id) => id !== postId);
  const at = rest.indexOf(anchorId) + (side === 'after' ? 1 : 0);
  return [...rest.slice(0, at), postId, ...rest.slice(at)];
}

/** A move or a whole order; answers the order after it. */
export async function reorderQueue(db: Db, blogId: string, input: QueueOrderInput): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const current = await lockedOrder(trx, blogId);
    let next: string[];
    if (input.order) {
      // A whole order names exactly the queue: one made from an old page would drop or revive posts.
      const queued = new Set(current);
      if (input.order.length !== current.length || input.order.some((id) => !queued.has(id))) {
        throw conflict(ErrorCode.queueChanged, 'order', 'The queue has changed since it was loaded: reload it and set the order again.');
      }
      next = input.order;
    } else {
      const side = input.before_id !== undefined ? 'before' : 'after';
      const anchor = (input.before_id ?? input.after_id)!;
      if (!current.includes(input.post_id!)) throw notQueued('post_id');
      if (!current.includes(anchor)) throw notQueued(`${side}_id`);
      next = moved(current, input.post_id!, anchor, side);
    }
    await writeOrder(trx, blogId, next, current);
    return next;
  });
}

/** Fisher-Yates with the system's random numbers. */
export function shuffled<T>(items: T[], pick: (below: number) => number = randomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Shuffles the queue; answers the new order and the one it replaced, for an Undo. */
export async function shuffleQueue(db: Db, blogId: string): Promise<{ order: string[]; previous: string[] }> {
  return db.transaction().execute(async (trx) => {
    const previous = await lockedOrder(trx, blogId);
    const order = shuffled(previous);
    await writeOrder(trx, blogId, order, previous);
    return { order, previous };
  });
}
