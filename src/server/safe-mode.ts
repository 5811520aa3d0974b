// Safe mode as the server reads it for one request: spec 1 §6's rule (src/shared/safe-mode.ts)
// fed by the site flag and the reader's setting. Every area that hides or covers something in
// safe mode (site and in-blog search, the drawer, GIF search, explore, ads, messaging) asks here,
// so logged out and logged in, lists and single views, all read the same answer.
import { sql } from 'kysely';
import { safeModeOn } from '../shared/safe-mode';
import { compileOnce } from './db/compiled';
import type { Db } from './db/schema';
import type { Viewer } from './http/session';

/**
 * The site flag as a user meets it (their override, if any, else the site's), one row. Exported
 * for the drawer bench's bare route, which sends the same text.
 */
export const safeModeOfferedQuery = (db: Db, userId: string) =>
  db
    .selectFrom('feature_flags as f')
    .leftJoin('feature_flag_overrides as o', (join) => join.onRef('o.name', '=', 'f.name').on('o.user_id', '=', userId))
    .select((eb) => eb.fn.coalesce('o.enabled', 'f.enabled').as('enabled'))
    .where('f.name', '=', sql.lit('safe_mode'));
const offeredToUser = compileOnce(safeModeOfferedQuery);

/** The site flag as a logged-out visitor meets it. */
const offeredToVisitor = compileOnce((db: Db) =>
  db.selectFrom('feature_flags').select('enabled').where('name', '=', sql.lit('safe_mode')),
);

/**
 * Whether `viewer` (null: logged out) reads in safe mode now. A reader who turned the setting off
 * costs no query; otherwise one small read of the flag, so a change to it applies at once. A flag
 * missing from the table reads as off, as every feature flag does.
 */
export async function readerSafeMode(db: Db, viewer: Viewer | null): Promise<boolean> {
  const setting = viewer ? viewer.user.safe_mode : null;
  if (setting === false) return false;
  const [row] = viewer ? await offeredToUser(db, viewer.user.id) : await offeredToVisitor(db);
  return safeModeOn(Boolean(row?.enabled), setting);
}
