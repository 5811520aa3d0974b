// What every bare route starts with: the session's user read from the sid cookie, as
// src/server/http/session.ts does it (the same SQL, written out as Kysely compiles it), and the
// sessions list's last_used_at written when it is older than the app's interval. The bench checks
// the texts against what the real app sends before it measures.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { UserRow } from '../src/server/db/tables/user';
import { LAST_USED_EVERY_MS } from '../src/server/http/session';

export const SESSION_SQL =
  'select "users".*, "sessions"."form_key", "sessions"."last_used_at" from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where "sessions"."id" = $1 and "sessions"."expires_at" > $2';
export const LAST_USED_SQL = 'update "sessions" set "last_used_at" = $1 where "id" = $2';

/** The sid cookie by hand: the bare servers register no plugins. */
export function sidCookie(header: string | undefined): string | null {
  for (const part of header?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === 'sid') return decodeURIComponent(value.join('='));
  }
  return null;
}

export interface BareSession {
  user: UserRow;
  formKey: string;
}

/** The cookie's session and user (null when none), with last_used_at kept as the app keeps it. */
export async function readSession(pool: pg.Pool, cookie: string | undefined): Promise<BareSession | null> {
  const token = sidCookie(cookie);
  if (!token) return null;
  const sessionId = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query<UserRow & { form_key: string; last_used_at: Date }>({ name: 'bare_session', text: SESSION_SQL, values: [sessionId, new Date()] });
  const row = rows[0];
  if (!row) return null;
  const { form_key, last_used_at, ...user } = row;
  if (Date.now() - last_used_at.getTime() > LAST_USED_EVERY_MS) {
    await pool.query({ name: 'bare_session_last_used', text: LAST_USED_SQL, values: [new Date(), sessionId] });
  }
  return { user, formKey: form_key };
}
