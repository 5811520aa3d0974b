import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { startPoller } from '../poller';
import { pruneImpressionReaders } from './impressions';
import { utcDay } from './ingest';
import { recountNotes, rollUpNewImpressions, windowStart } from './insights-rollup';

const DAY_MS = 24 * 60 * 60_000;

/**
 * Deletes the raw events of the days older than the retention (LOG_RETENTION_DAYS, default 90).
 * The rollups keep their figures: only raw events expire.
 */
export async function pruneLog(db: Db, now: Date, retentionDays: number): Promise<number> {
  const cutoff = utcDay(new Date(now.getTime() - retentionDays * DAY_MS));
  const result = await sql`DELETE FROM log_events WHERE day < ${cutoff}::date`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * One pass: the impressions logged since the last pass (before the prune, so no event expires
 * uncounted), the last two days' note figures (yesterday gets late likes and undos), the prune.
 */
export async function loggingPass(db: Db, now: Date, retentionDays: number) {
  await rollUpNewImpressions(db);
  await recountNotes(db, { since: windowStart(now, 2), blogId: null });
  await pruneLog(db, now, retentionDays);
  await pruneImpressionReaders(db, utcDay(now));
}

/** Runs the pass every `intervalMs` (10 minutes by default) on the shared poller. */
export function startLoggingJobs(db: Db, retentionDays: number, log: { error: (obj: object, msg: string) => void }, intervalMs = 10 * 60_000) {
  const poller = startPoller({
    tick: () => loggingPass(db, new Date(), retentionDays),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'behaviour log pass failed'),
  });
  return () => poller.stop();
}
