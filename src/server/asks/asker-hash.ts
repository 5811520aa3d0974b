// An anonymous asker is known only by a salted hash of their address, per recipient blog: enough
// for the owner's "block sender" to refuse that address's next asks, and useless for anything else
// (the raw address is never stored; the salt never leaves the server; the same address gives
// another hash at every blog, so hashes cannot be matched across blogs).
import { createHmac } from 'node:crypto';
import type { Db } from '../db/schema';
import { newToken } from '../http/tokens';

const SALT_NAME = 'asker_hash_salt';
const salts = new WeakMap<Db, string>();

/** The salt: made once per database (the first process to need it wins), then cached. */
async function salt(db: Db): Promise<string> {
  const cached = salts.get(db);
  if (cached) return cached;
  await db.insertInto('site_secrets').values({ name: SALT_NAME, value: newToken(32) }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', SALT_NAME).executeTakeFirstOrThrow();
  salts.set(db, row.value);
  return row.value;
}

export async function askerHash(db: Db, address: string, recipientBlogId: string): Promise<string> {
  return createHmac('sha256', await salt(db)).update(`${recipientBlogId}:${address}`).digest('hex');
}
