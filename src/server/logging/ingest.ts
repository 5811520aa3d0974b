import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/schema';
import { LAST_USED_EVERY_MS } from '../http/session';
import { batchBytes, type CleanEvent } from './validate';

/** The UTC day an event is filed under: retention and the rollups count in UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The statement's text for a batch of `size` events, made once per size (at most LOG_LIMITS.maxBatch
 * of them): the hot path sends a ready text and its parameters, nothing is built per batch.
 * $1 the session id, $2 the form key sent, $3 the day, $4 the batch's bytes, $5 and $6 the day's
 * bytes of a verified and of an unverified account, $7 the batches an account may send a minute;
 * then four per event.
 */
const batchStatements = new Map<number, string>();
function batchStatement(size: number): string {
  let text = batchStatements.get(size);
  if (text) return text;
  const rows = Array.from({ length: size }, (_, i) => {
    const at = FIRST_EVENT_PARAM + i * 4;
    return `($${at}::timestamptz, $${at + 1}::text, $${at + 2}::bigint, $${at + 3}::jsonb)`;
  });
  text = `with s as (
      select sessions.id, sessions.user_id, sessions.last_used_at, users.email_verified_at is not null as verified,
        sha256(convert_to(sessions.form_key, 'UTF8')) = sha256(convert_to($2::text, 'UTF8')) as key_ok
      from sessions join users on users.id = sessions.user_id
      where sessions.id = $1 and sessions.expires_at > now()
    ),
    before as (
      select a.day, a.bytes, a.window_start, a.window_batches from log_allowances a where a.user_id = (select user_id from s)
    ),
    allowed as (
      insert into log_allowances as a (user_id, day, bytes, window_start, window_batches)
      select s.user_id, $3::date, $4::bigint, now(), 1 from s where s.key_ok
      on conflict (user_id) do update set
        bytes = (case when a.day = excluded.day then a.bytes else 0 end) + excluded.bytes,
        day = excluded.day,
        window_start = case when a.window_start > now() - interval '1 minute' then a.window_start else now() end,
        window_batches = case when a.window_start > now() - interval '1 minute' then a.window_batches + 1 else 1 end
      where (a.day <> excluded.day or a.bytes + excluded.bytes <= (case when (select verified from s) then $5::bigint else $6::bigint end))
        and (a.window_start <= now() - interval '1 minute' or a.window_batches < $7::int)
      returning 1
    ),
    touched as (
      update sessions set last_used_at = now()
      from s
      where sessions.id = s.id and s.key_ok and s.last_used_at < now() - interval '${LAST_USED_EVERY_MS} milliseconds'
    ),
    stored as (
      insert into log_events (day, client_ts, user_id, name, post_id, fields)
      select $3::date, v.client_ts, s.user_id, v.name, v.post_id, v.fields
      from s cross join (values ${rows.join(', ')}) as v(client_ts, name, post_id, fields)
      where s.key_ok and exists (select 1 from allowed)
      returning 1
    )
    select s.key_ok, s.verified, (select count(*) from stored)::int as stored, exists (select 1 from allowed) as allowed,
      b.day::text as day, b.bytes::text as bytes, b.window_start, b.window_batches
    from s left join before b on true`;
  batchStatements.set(size, text);
  return text;
}

const FIRST_EVENT_PARAM = 8;

/** What an account may log: bytes a day (verified, unverified) and batches a minute. */
export interface LogAllowance {
  bytesPerDay: number;
  unverifiedBytesPerDay: number;
  batchesPerMinute: number;
}

/** The account's allowance as it stood when a batch was refused: which bound it met, and when it frees. */
export type AllowanceRefusal = { bound: 'minute'; windowStart: Date } | { bound: 'day'; verified: boolean };

/**
 * What the one statement found: no session (401), a wrong form key (403, nothing stored), the
 * account's allowance spent (429, nothing stored), or the batch stored.
 */
export type StoreOutcome =
  | { session: false }
  | { session: true; formKeyOk: false }
  | { session: true; formKeyOk: true; refused: AllowanceRefusal }
  | { session: true; formKeyOk: true; refused?: undefined; stored: number };

/** The session check alone (the error path: a malformed batch from a stranger is a 401 or 403, not a 400). */
export async function checkSession(db: Db, credentials: { sessionId: string; formKey: string }): Promise<StoreOutcome | null> {
  const { rows } = await sql<{ key_ok: boolean }>`
    select sha256(convert_to(form_key, 'UTF8')) = sha256(convert_to(${credentials.formKey}::text, 'UTF8')) as key_ok
    from sessions where id = ${credentials.sessionId} and expires_at > now()
  `.execute(db);
  if (!rows[0]) return { session: false };
  return rows[0].key_ok ? null : { session: true, formKeyOk: false };
}

/**
 * Reads the session, checks its form key and stores a checked batch, in ONE statement (one round
 * trip per batch, issue 17): a multi-row insert that takes its user from the session row and runs
 * only when the form key matches, so a wrong key stores nothing. The keys are compared as sha256
 * hashes: the comparison's time says nothing about the key. The sessions list's last_used_at is
 * moved in the same statement, at most every LAST_USED_EVERY_MS, as the session hook does. The
 * account's allowance (log_allowances: bytes today, batches this minute) is taken in it too, so it
 * is counted per account across all its sessions and processes, and a spent allowance stores nothing.
 * The whole batch or nothing; the answer goes out only after the statement returned, so an
 * acknowledged batch is in the table even when the server is stopped right after.
 */
export async function storeSessionBatch(
  db: Db,
  credentials: { sessionId: string; formKey: string },
  events: CleanEvent[],
  now: Date,
  allowance: LogAllowance,
): Promise<StoreOutcome> {
  const day = utcDay(now);
  const bytes = batchBytes(events);
  const params: unknown[] = [
    credentials.sessionId, credentials.formKey, day, bytes,
    allowance.bytesPerDay, allowance.unverifiedBytesPerDay, allowance.batchesPerMinute,
  ];
  for (const event of events) params.push(event.clientTs, event.name, event.postId, event.json);
  const { rows: found } = await db.executeQuery<BatchRow>(CompiledQuery.raw(batchStatement(events.length), params));
  const row = found[0];
  if (!row) return { session: false };
  if (!row.key_ok) return { session: true, formKeyOk: false };
  if (!row.allowed) return { session: true, formKeyOk: true, refused: refusalOf(row, day, bytes, allowance) };
  return { session: true, formKeyOk: true, stored: Number(row.stored) };
}

interface BatchRow {
  key_ok: boolean;
  verified: boolean;
  stored: number;
  allowed: boolean;
  day: string | null;
  bytes: string | null;
  window_start: Date | null;
  window_batches: number | null;
}

/** Which bound the refused batch met, read from the allowance as the statement found it; the day's first. */
function refusalOf(row: BatchRow, day: string, batch: number, allowance: LogAllowance): AllowanceRefusal {
  const cap = row.verified ? allowance.bytesPerDay : allowance.unverifiedBytesPerDay;
  if (row.day === day && Number(row.bytes) + batch > cap) return { bound: 'day', verified: row.verified };
  return { bound: 'minute', windowStart: new Date(row.window_start ?? Date.now()) };
}
