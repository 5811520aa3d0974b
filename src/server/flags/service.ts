import { FEATURE_FLAGS, NO_FEATURES, type FeatureFlag, type FeatureFlags } from '../../shared/flags';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';

const known = new Set<string>(FEATURE_FLAGS);

/** Every flag with the user's override where there is one: read on every user info, so compiled once. */
const userFlagRows = compileOnce((db: Db, userId: string) =>
  db
    .selectFrom('feature_flags as f')
    .leftJoin('feature_flag_overrides as o', (join) => join.onRef('o.name', '=', 'f.name').on('o.user_id', '=', userId))
    .select(['f.name', (eb) => eb.fn.coalesce('o.enabled', 'f.enabled').as('enabled')]),
);

const defaultFlagRows = (db: Db) => db.selectFrom('feature_flags').select(['name', 'enabled']).execute();

/**
 * Every flag for one user (or a logged-out visitor): the default, unless the user has an
 * override. One query. A flag missing from the table reads as off.
 */
export async function featureFlags(db: Db, userId: string | null): Promise<FeatureFlags> {
  const rows = userId === null ? await defaultFlagRows(db) : await userFlagRows(db, userId);
  const flags = { ...NO_FEATURES };
  for (const row of rows) if (known.has(row.name)) flags[row.name as FeatureFlag] = row.enabled;
  return flags;
}

