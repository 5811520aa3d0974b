import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../db/schema';
import { LAST_USED_EVERY_MS } from '../http/session';
import type { CleanEvent } from './validate';

/** The UTC day an event is filed under: retention and the rollups count in UTC days. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The statement's text for a batch of `size` events, made once per size (at most LOG_LIMITS.maxBatch
 * of them): the hot path sends a ready text and its parameters, nothing is built per batch.
 * $1 the session id, $2 the form key sent, $3 the day; then four per event.
 */
const batchStatements = new Map<number, string>();
function batchStatement(size: number): string {
  let text = batchStatements.get(size);
  if (text) return text;
  const rows = Array.from({ length: size }, (_, i) => {
    const at = 4 + i * 4;
    return `($${at}::timestamptz, $${at + 1}::text, $${at + 2}::bigint, $${at + 3}::jsonb)`;
  });
  text = `with s as (
      select id, user_id, last_used_at,
        sha256(convert_to(form_key, 'UTF8')) = sha256(convert_to($2::text, 'UTF8')) as key_ok
      from sessions
      where id = $1 and expires_at > now()
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
      where s.key_ok
      returning 1
    )
    select s.key_ok, (select count(*) from stored)::int as stored from s`;
  batchStatements.set(size, text);
  return text;
}

/** What the one statement found: no session (401), a wrong form key (403, nothing stored), or the batch stored. */
export type StoreOutcome = { session: false } | { session: true; formKeyOk: false } | { session: true; formKeyOk: true; stored: number };

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
 * moved in the same statement, at most every LAST_USED_EVERY_MS, as the session hook does.
 * The whole batch or nothing; the answer goes out only after the statement returned, so an
 * acknowledged batch is in the table even when the server is stopped right after.
 */
export async function storeSessionBatch(db: Db, credentials: { sessionId: string; formKey: string }, events: CleanEvent[], now: Date): Promise<StoreOutcome> {
  const day = utcDay(now);
  const params: unknown[] = [credentials.sessionId, credentials.formKey, day];
  for (const event of events) params.push(event.clientTs, event.name, event.postId, JSON.stringify(event.fields));
  const { rows: found } = await db.executeQuery<{ key_ok: boolean; stored: number }>(CompiledQuery.raw(batchStatement(events.length), params));
  const row = found[0];
  if (!row) return { session: false };
  if (!row.key_ok) return { session: true, formKeyOk: false };
  return { session: true, formKeyOk: true, stored: Number(row.stored) };
}
