// Each blog's key pairs, made the first time another server asks for the blog's actor and kept
// for good: RSA (HTTP signatures, what Mastodon checks) and Ed25519 (object integrity proofs).
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify';
import type { Db } from '../db/schema';

export async function blogKeyPairs(db: Db, blogId: string): Promise<CryptoKeyPair[]> {
  let row = await db.selectFrom('federation_keys').selectAll().where('blog_id', '=', blogId).executeTakeFirst();
  if (!row) {
    const rsa = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
    const ed = await generateCryptoKeyPair('Ed25519');
    // Two first requests at once: one insert wins, both read the winner's keys.
    await db
      .insertInto('federation_keys')
      .values({
        blog_id: blogId,
        rsa_private: await exportJwk(rsa.privateKey),
        rsa_public: await exportJwk(rsa.publicKey),
        ed_private: await exportJwk(ed.privateKey),
        ed_public: await exportJwk(ed.publicKey),
      })
      .onConflict((oc) => oc.column('blog_id').doNothing())
      .execute();
    row = await db.selectFrom('federation_keys').selectAll().where('blog_id', '=', blogId).executeTakeFirstOrThrow();
  }
  return [
    { privateKey: await importJwk(row.rsa_private, 'private'), publicKey: await importJwk(row.rsa_public, 'public') },
    { privateKey: await importJwk(row.ed_private, 'private'), publicKey: await importJwk(row.ed_public, 'public') },
  ];
}
