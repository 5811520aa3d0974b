import type { Kysely } from 'kysely';

type Flags = Kysely<{ feature_flags: { name: string; enabled: boolean; description: string } }>;

/**
 * Spec 1 §6: safe mode applies when the site flag and the reader's setting are both on. The flag
 * was stored off and read as "safe mode for everyone"; it now says whether the site offers safe
 * mode at all, which it does by default. Off under the old reading meant "only those who chose
 * it", which under the new one is "on": every site gets the flag on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await (db as Flags)
    .insertInto('feature_flags')
    .values({ name: 'safe_mode', enabled: true, description: OFFERED })
    .onConflict((oc) => oc.column('name').doUpdateSet({ enabled: true, description: OFFERED }))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await (db as Flags)
    .updateTable('feature_flags')
    .set({ enabled: false, description: "Safe mode for everyone: adult blogs' avatars are pixelated." })
    .where('name', '=', 'safe_mode')
    .execute();
}

const OFFERED = 'The site offers safe mode: readers whose setting is on (and logged-out visitors) see no adult blogs or sensitive posts, and adult avatars pixelated.';
