import type { AccountSession } from '../../shared/account-settings';
import { isUuid } from '../../shared/ids';
import type { Db } from '../db/schema';
import { AppError, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';

/** The most sessions the list shows: logins are rate limited and sessions end after 30 days. */
const SESSIONS_SHOWN = 100;

const noSuchSession = () =>
  new AppError(404, ErrorCode.notFound, 'There is no such session, or it has already ended. Reload the list.');

/** The viewer's live sessions, most recently used first (sessions_user_id_idx). */
export async function listSessions(db: Db, viewer: Viewer): Promise<AccountSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'handle', 'device', 'address_hash', 'last_used_at'])
    .where('user_id', '=', viewer.user.id)
    .where('expires_at', '>', new Date())
    .orderBy('last_used_at', 'desc')
    .orderBy('handle')
    .limit(SESSIONS_SHOWN)
    .execute();
  return rows.map((row) => ({
    id: row.handle,
    device: row.device || 'Unknown device',
    address_hash: row.address_hash,
    last_used_at: row.last_used_at.toISOString(),
    current: row.id === viewer.sessionId,
  }));
}

/**
 * Ends one of the viewer's sessions. Sessions are read from the table on every request, so the
 * ended one is logged out on its next request. Another person's session is "no such session".
 * Returns whether it was the viewer's own (the caller then clears the cookie).
 */
export async function revokeSession(db: Db, viewer: Viewer, handle: string): Promise<{ current: boolean }> {
  // A handle is a uuid: anything else names no session, and never reaches SQL.
  if (!isUuid(handle)) throw noSuchSession();
  const ended = await db
    .deleteFrom('sessions')
    .where('handle', '=', handle)
    .where('user_id', '=', viewer.user.id)
    .returning('id')
    .executeTakeFirst();
  if (!ended) throw noSuchSession();
  return { current: ended.id === viewer.sessionId };
}

/** Every session of the user but the one given (a new password, two-factor turned on). */
export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepSessionId).execute();
}
