// The admin page's flags (issue 26): each flag's site-wide value and the people who have their own.
import { FEATURE_FLAGS, FLAG_DESCRIPTIONS, OVERRIDES_LISTED, type AdminFlagsResponse, type FeatureFlag, type FlagOverrideView, type OverrideState } from '../../shared/flags';
import type { Db } from '../db/schema';
import { blogNotFound } from '../http/errors';

/** Every known flag, in the shared list's order, with up to OVERRIDES_LISTED overrides: two queries. */
export async function adminFlags(db: Db): Promise<AdminFlagsResponse> {
  const [defaults, overrides] = await Promise.all([
    db.selectFrom('feature_flags').select(['name', 'enabled']).execute(),
    db
      .selectFrom('feature_flag_overrides as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .leftJoin('blogs as b', 'b.id', 'u.primary_blog_id')
      .select(['o.name', 'o.enabled', 'u.email', 'b.name as tumblelog'])
      .orderBy('o.name')
      .orderBy('u.email')
      .limit(OVERRIDES_LISTED + 1)
      .execute(),
  ]);
  const byName = new Map<string, FlagOverrideView[]>();
  for (const row of overrides.slice(0, OVERRIDES_LISTED)) {
    const list = byName.get(row.name) ?? [];
    list.push({ tumblelog: row.tumblelog, email: row.email, enabled: row.enabled });
    byName.set(row.name, list);
  }
  const enabled = new Map(defaults.map((row) => [row.name, row.enabled]));
  return {
    // A flag missing from the table reads as off everywhere (flags/service.ts): the page says so too.
    flags: FEATURE_FLAGS.map((name) => ({ name, enabled: enabled.get(name) ?? false, description: FLAG_DESCRIPTIONS[name], overrides: byName.get(name) ?? [] })),
    overrides_truncated: overrides.length > OVERRIDES_LISTED,
  };
}

/** Sets a flag's site-wide value; a flag missing from the table is added (with its description). */
export async function setSiteFlag(db: Db, name: FeatureFlag, enabled: boolean): Promise<AdminFlagsResponse> {
  await db
    .insertInto('feature_flags')
    .values({ name, enabled, description: FLAG_DESCRIPTIONS[name] })
    .onConflict((oc) => oc.column('name').doUpdateSet({ enabled }))
    .execute();
  return adminFlags(db);
}

/**
 * Gives the person who owns `tumblelog` their own value of a flag, or takes it away ('default':
 * they follow the site-wide value again). One statement each way, so two admins at once end with
 * the last one's choice.
 */
export async function setFlagOverride(db: Db, name: FeatureFlag, tumblelog: string, state: OverrideState): Promise<AdminFlagsResponse> {
  const owner = await db.selectFrom('blogs').innerJoin('users', 'users.id', 'blogs.user_id').select('users.id').where('blogs.name', '=', tumblelog).where('users.deleted_at', 'is', null).executeTakeFirst();
  if (!owner) throw blogNotFound(tumblelog);
  // The override row's foreign key needs the flag's row: a flag not yet in the table is added off.
  await db.insertInto('feature_flags').values({ name, enabled: false, description: FLAG_DESCRIPTIONS[name] }).onConflict((oc) => oc.column('name').doNothing()).execute();
  if (state === 'default') {
    await db.deleteFrom('feature_flag_overrides').where('user_id', '=', owner.id).where('name', '=', name).execute();
  } else {
    const enabled = state === 'on';
    await db
      .insertInto('feature_flag_overrides')
      .values({ user_id: owner.id, name, enabled })
      .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ enabled }))
      .execute();
  }
  return adminFlags(db);
}
