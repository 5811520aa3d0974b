// Fedify's key-value store (remote documents and keys it caches, inbox idempotence) on our own
// database, PGlite and PostgreSQL alike: @fedify/postgres speaks to a postgres.js client, which
// the embedded database does not offer.
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import type { Db } from '../db/schema';

/** A key as one text: its JSON, so a prefix of parts is a prefix of the text up to a comma. */
const keyText = (key: KvKey) => JSON.stringify(key);

export class DatabaseKvStore implements KvStore {
  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db
      .selectFrom('federation_kv')
      .select('value')
      .where('key', '=', keyText(key))
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]))
      .executeTakeFirst();
    return row ? (row.value as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const expiresAt = options?.ttl ? new Date(Date.now() + options.ttl.total('millisecond')) : null;
    const json = JSON.stringify(value ?? null);
    await this.db
      .insertInto('federation_kv')
      .values({ key: keyText(key), value: sql`${json}::jsonb`, expires_at: expiresAt })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`excluded.value`, expires_at: sql`excluded.expires_at` }))
      .execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('federation_kv').where('key', '=', keyText(key)).execute();
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.db
      .selectFrom('federation_kv')
      .select(['key', 'value'])
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date())]));
    if (prefix) {
      const exact = keyText(prefix);
      const start = `${exact.slice(0, -1)},`;
      query = query.where((eb) => eb.or([eb('key', '=', exact), eb(sql`left(key, ${start.length})`, '=', start)]));
    }
    for (const row of await query.orderBy('key').execute()) {
      yield { key: JSON.parse(row.key) as KvKey, value: row.value };
    }
  }

  /** Drops what has expired (the queue's pass calls it now and then). */
  async sweep(): Promise<void> {
    await this.db.deleteFrom('federation_kv').where('expires_at', '<', new Date()).execute();
  }
}
