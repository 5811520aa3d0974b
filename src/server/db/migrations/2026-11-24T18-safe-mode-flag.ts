import type { Kysely } from 'kysely';

type Flags = Kysely<{ feature_flags: { name: string; enabled: boolean; description: string } }>;

/** Spec 2 §6: safe mode is a site flag as well as a user setting; off by default. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await (db as Flags)
    .insertInto('feature_flags')
    .values({ name: 'safe_mode', enabled: false, description: "Safe mode for everyone: adult blogs' avatars are pixelated." })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Flags).deleteFrom('feature_flags').where('name', '=', 'safe_mode').execute();
}
