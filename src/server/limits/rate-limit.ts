import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/schema';
import { AppError, ErrorCode } from '../http/errors';

/** How much of one thing is allowed per window: logins of an email, registrations of an address, ... */
export interface LimitRule {
  /** Part of the counter's key, so rules never share a counter. */
  name: string;
  limit: number;
  windowMs: number;
}

/** One rule applied to one subject (an email, an address, an account), and what this request costs it. */
export interface Bucket {
  rule: LimitRule;
  subject: string;
  /** 1 by default; 0 only asks whether the limit is reached (a quota counted after the work). */
  cost?: number;
}

export interface Refusal {
  bucket: Bucket;
  /** Whole seconds until the window ends, at least 1: the Retry-After. */
  retryAfter: number;
  resetsAt: Date;
}

const keyOf = (bucket: Bucket) => `${bucket.rule.name}:${bucket.subject}`;

/** How many hits a bucket's counter holds in its current window (0 when none). */
export async function hitsOf(db: Db, bucket: Bucket): Promise<number> {
  const row = await db.selectFrom('rate_limits').select('hits').where('key', '=', keyOf(bucket)).where('resets_at', '>', new Date()).executeTakeFirst();
  return row ? Number(row.hits) : 0;
}

/** Counters whose window ended are deleted at most this often per process and database. */
const SWEEP_EVERY_MS = 10 * 60_000;
const lastSweep = new WeakMap<Db, number>();

/**
 * Adds each bucket's cost to its counter and says whether one was already full, in ONE statement:
 * the upsert takes each counter's row lock, so concurrent requests (in any number of server
 * processes on one PostgreSQL) see each other's hits, and no more than the limit ever pass.
 * A bucket is full when its count before this request had reached the limit. A full bucket still
 * counts the attempt, but its window does not move: a refusal cannot extend itself.
 * Windows are fixed (they start with the first hit) and timed by the database's clock, which all
 * processes share.
 */
export async function take(db: Db, buckets: Bucket[]): Promise<Refusal | null> {
  await sweep(db);
  const counting = countHits(buckets);
  if (!counting) return null;
  const { rows } = await counting.query.execute(db);
  return refusalOf(counting.byKey, rows);
}

/** A counter after countHits added to it. */
export interface CountedRow {
  key: string;
  hits: number;
  resets_at: Date;
  seconds_left: number;
}

/**
 * take()'s upsert on its own, for a statement that counts and acts at once (ads/serve.ts puts it
 * in a CTE): adds each bucket's cost to its counter and returns the counters. null: no buckets.
 */
export function countHits(buckets: Bucket[]): { query: RawBuilder<CountedRow>; byKey: Map<string, Bucket> } | null {
  // One row per key, in key order: a second row for a key would fail the upsert, and a fixed
  // lock order keeps two requests with overlapping buckets from deadlocking.
  const byKey = new Map(buckets.map((bucket) => [keyOf(bucket), bucket]));
  const keys = [...byKey.keys()].sort();
  if (keys.length === 0) return null;
  const rows = sql.join(
    keys.map((key) => {
      const bucket = byKey.get(key)!;
      return sql`(${key}, ${bucket.cost ?? 1}::float8, ${bucket.rule.windowMs}::float8)`;
    }),
  );
  const query = sql<CountedRow>`
    insert into rate_limits as r (key, hits, resets_at)
    select v.key, v.cost, now() + v.window_ms * interval '1 millisecond'
    from (values ${rows}) as v(key, cost, window_ms)
    order by v.key
    on conflict (key) do update set
      hits = case when r.resets_at <= now() then excluded.hits else r.hits + excluded.hits end,
      resets_at = case when r.resets_at <= now() then excluded.resets_at else r.resets_at end
    returning r.key, r.hits::float8 as hits, r.resets_at, extract(epoch from r.resets_at - now())::float8 as seconds_left`;
  return { query, byKey };
}

/** A bucket is full when its count before this request had reached the limit: the refusal, or null. */
function refusalOf(byKey: Map<string, Bucket>, counted: CountedRow[]): Refusal | null {
  let refusal: Refusal | null = null;
  for (const row of counted) {
    const bucket = byKey.get(row.key)!;
    if (Number(row.hits) - (bucket.cost ?? 1) < bucket.rule.limit) continue;
    const retryAfter = Math.max(1, Math.ceil(Number(row.seconds_left)));
    // The one that frees up last is the one to wait for.
    if (!refusal || retryAfter > refusal.retryAfter) refusal = { bucket, retryAfter, resetsAt: new Date(row.resets_at) };
  }
  return refusal;
}

/** Gives a bucket's hit back (a login that turned out right does not count against the address). */
export async function giveBack(db: Db, buckets: Bucket[]): Promise<void> {
  for (const bucket of buckets) {
    await db
      .updateTable('rate_limits')
      .set({ hits: sql`greatest(hits - ${bucket.cost ?? 1}, 0)` })
      .where('key', '=', keyOf(bucket))
      .execute();
  }
}

/** Empties a bucket (an email and address pair's failures, after the right password). */
export async function clear(db: Db, bucket: Bucket): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', keyOf(bucket)).execute();
}

/** Deletes counters whose window ended, at most once per SWEEP_EVERY_MS per process and database. */
export async function sweep(db: Db) {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await sweepQuery(db).execute();
}

/** The sweep's statement (rate_limits_resets_at_idx). */
export function sweepQuery(db: Db) {
  return db.deleteFrom('rate_limits').where('resets_at', '<', sql<Date>`now()`);
}

/** "in 12 minutes (at 14:05 UTC)", "in 24 hours (...)": when a refused person may try again. */
export function retryText(refusal: Pick<Refusal, 'retryAfter' | 'resetsAt'>): string {
  const minutes = Math.ceil(refusal.retryAfter / 60);
  const hours = Math.ceil(minutes / 60);
  const when =
    refusal.retryAfter < 60 ? `in ${refusal.retryAfter} seconds`
    : minutes === 1 ? 'in 1 minute'
    : minutes <= 90 ? `in ${minutes} minutes`
    : `in ${hours} hours`;
  return `${when} (at ${refusal.resetsAt.toISOString().slice(11, 16)} UTC)`;
}

/**
 * A refusal's words when the spec or docs/api.md fixes them to the letter (a login's, a share's,
 * the behaviour log's day): `refuse` sends them as they are, with the same status and Retry-After.
 */
export interface FixedWording {
  fixed: string;
}

/**
 * The 429 of a refusal: every one in the server goes through here, so a refusal reads the same
 * wherever it comes from: "Too many {what}. Try again in 12 minutes (at 14:05 UTC)." with
 * Retry-After in seconds. `what` says what was limited and, where it helps, the limit itself
 * ("uploads: at most 100 files an hour"); a FixedWording replaces the whole text.
 */
export function refuse(refusal: Pick<Refusal, 'retryAfter' | 'resetsAt'>, what: string | FixedWording, code: number = ErrorCode.rateLimited): AppError {
  const message = typeof what === 'string' ? `Too many ${what}. Try again ${retryText(refusal)}.` : what.fixed;
  return new AppError(429, code, message, [{ code, title: message }], { 'retry-after': String(refusal.retryAfter) });
}
