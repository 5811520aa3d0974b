// A stand-in for another fediverse server, for tests: one account whose actor document is shaped
// as Mastodon's (its own RSA key, made here), an inbox that records what it is sent, and a
// WebFinger answer. It listens on 127.0.0.1 only and is closed by the test.
import { KeyObject, webcrypto } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signRequest } from '@fedify/fedify';

export interface RemoteServer {
  host: string;
  actorUri: string;
  keyId: string;
  inbox: { path: string; body: Record<string, unknown>; signature: string | undefined }[];
  /** Signs a request as the account (draft-cavage, as Mastodon sends it), or with another key. */
  sign(request: Request, key?: CryptoKey): Promise<Request>;
  otherKey: CryptoKey;
  /** From now on the account's actor answers this status (404, 410: it is gone), or again itself (null). */
  setGone(status: number | null): void;
  close(): Promise<void>;
}

async function rsaKeys() {
  return webcrypto.subtle.generateKey(
    { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    true,
    ['sign', 'verify'],
  );
}

export async function startRemoteServer(username = 'alice'): Promise<RemoteServer> {
  const keys = await rsaKeys();
  const other = await rsaKeys();
  const publicKeyPem = KeyObject.from(keys.publicKey).export({ type: 'spki', format: 'pem' }).toString();
  const inbox: RemoteServer['inbox'] = [];
  let goneStatus: number | null = null;
  const server = http.createServer((req, res) => {
    const base = `http://${host}`;
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        inbox.push({ path: url.pathname, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>, signature: (req.headers.signature ?? req.headers['signature-input']) as string | undefined });
        res.writeHead(202).end();
      });
      return;
    }
    if (url.pathname === `/users/${username}` && goneStatus !== null) {
      res.writeHead(goneStatus).end();
      return;
    }
    if (url.pathname === `/users/${username}`) {
      res.writeHead(200, { 'content-type': 'application/activity+json' });
      res.end(JSON.stringify({
        '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
        id: actorUri,
        type: 'Person',
        preferredUsername: username,
        name: 'Alice Remote',
        summary: '<p>Hello from <script>alert(1)</script>elsewhere</p>',
        url: `${base}/@${username}`,
        inbox: `${base}/users/${username}/inbox`,
        outbox: `${base}/users/${username}/outbox`,
        followers: `${base}/users/${username}/followers`,
        endpoints: { sharedInbox: `${base}/inbox` },
        publicKey: { id: keyId, owner: actorUri, publicKeyPem },
      }));
      return;
    }
    if (url.pathname === '/.well-known/webfinger' && url.searchParams.get('resource') === `acct:${username}@${host}`) {
      res.writeHead(200, { 'content-type': 'application/jrd+json' });
      res.end(JSON.stringify({ subject: `acct:${username}@${host}`, links: [{ rel: 'self', type: 'application/activity+json', href: actorUri }] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const actorUri = `http://${host}/users/${username}`;
  const keyId = `${actorUri}#main-key`;
  return {
    host,
    actorUri,
    keyId,
    inbox,
    otherKey: other.privateKey,
    setGone: (status) => {
      goneStatus = status;
    },
    sign: (request, key = keys.privateKey) => signRequest(request, key, new URL(keyId), { spec: 'draft-cavage-http-signatures-12' }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
