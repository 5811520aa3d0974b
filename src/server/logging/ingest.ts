import type { Db } from '../db/schema';
import type { CleanEvent } from './validate';

/** The UTC day an event is filed under: retention and the rollups count in UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Stores a checked batch with ONE multi-row insert: the whole batch or nothing, and one round trip
 * whatever its size. The answer goes out only after the insert returned, so an acknowledged batch
 * is in the table even when the server is stopped right after.
 */
export async function storeBatch(db: Db, userId: string | null, events: CleanEvent[], now: Date): Promise<number> {
  const day = utcDay(now);
  await db
    .insertInto('log_events')
    .values(
      events.map((event) => ({
        day,
        client_ts: event.clientTs,
        user_id: userId,
        name: event.name,
        post_id: event.postId,
        fields: JSON.stringify(event.fields),
      })),
    )
    .execute();
  return events.length;
}
