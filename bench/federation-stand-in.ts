// Stand-ins for other fediverse servers (the delivery bench): many HTTP servers on 127.0.0.1, one
// port each, whose shared inbox takes any POST with 202 and notes which marked posts it was sent.
// They check no signature: what is measured is our side of the delivery, not theirs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { onCleanup } from './cleanup';

export interface StandIns {
  /** host:port of each server. */
  hosts: string[];
  /** POSTs every server took, in all. */
  received(): number;
  /** Resolves when every server was sent an activity whose body contains `marker`; rejects after `timeoutMs`. */
  allReceived(marker: string, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export async function startStandIns(count: number): Promise<StandIns> {
  const servers: http.Server[] = [];
  const seen: Set<string>[] = [];
  let received = 0;
  let waiting: { marker: string; resolve: () => void } | null = null;
  const everyone = (marker: string) => seen.every((markers) => markers.has(marker));

  const close = onCleanup(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });
  for (let i = 0; i < count; i++) {
    const markers = new Set<string>();
    seen.push(markers);
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        if (req.method === 'POST') {
          received++;
          const marker = /bench-marker-[0-9a-z]+/.exec(Buffer.concat(chunks).toString('utf8'))?.[0];
          if (marker) markers.add(marker);
          if (waiting && everyone(waiting.marker)) waiting.resolve();
        }
        res.writeHead(req.method === 'POST' ? 202 : 404).end();
      });
    });
    // Many connections from one client: keep-alive sockets should not be the limit.
    server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  return {
    hosts: servers.map((server) => `127.0.0.1:${(server.address() as AddressInfo).port}`),
    received: () => received,
    allReceived: (marker, timeoutMs) =>
      new Promise<void>((resolve, reject) => {
        if (everyone(marker)) return resolve();
        const timer = setTimeout(() => {
          waiting = null;
          const got = seen.filter((markers) => markers.has(marker)).length;
          reject(new Error(`${got} of ${count} servers were sent the post within ${timeoutMs / 1000} s`));
        }, timeoutMs);
        waiting = {
          marker,
          resolve: () => {
            clearTimeout(timer);
            waiting = null;
            resolve();
          },
        };
      }),
    close,
  };
}
