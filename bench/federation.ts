// Delivery to the fediverse (issue 28): one post of a blog with 10,000 remote followers on 500
// servers (stand-ins on loopback that take any delivery), from our compiled server with
// FEDERATION=on on a scratch PostgreSQL database, while the dashboard is under load from the same
// machine. It says how long the publish took (it must not wait for federation), how long until
// every server had the post, how many requests that took (a shared inbox each: one per server), and
// the dashboard's throughput during delivery against the same load with nothing to deliver.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { freePort } from '../src/server/test/free-port';
import { seedDashboard, startCompiledServer } from './compiled-server';
import { startStandIns } from './federation-stand-in';
import { createScratchDatabase, withClient } from './postgres';
import { dashboardPath } from './record-sql';
import { hit } from './workers';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Longest wait for one post to reach every server. */
const DELIVERY_TIMEOUT_MS = 300_000;

export interface FederationSettings {
  followers: number;
  servers: number;
  rounds: number;
  /** Seconds of dashboard load alone per round; during delivery the load lasts at least as long. */
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

interface Load {
  rps: number;
  p99: number;
  failures: number;
}

export interface FederationRound {
  publishMs: number;
  deliveredMs: number;
  /** Requests the stand-ins took for this post. */
  requests: number;
  alone: Load;
  during: Load;
}

export interface FederationResult {
  rounds: FederationRound[];
}

/** The followers: `followers` accounts spread over the stand-ins, each server's shared inbox named. */
async function seedFollowers(databaseUrl: string, blog: string, hosts: string[], followers: number) {
  const actors = Array.from({ length: followers }, (_, i) => {
    const host = hosts[i % hosts.length]!;
    return { uri: `http://${host}/users/f${i}`, handle: `f${i}@${host}`, inbox: `http://${host}/users/f${i}/inbox`, shared: `http://${host}/inbox`, name: `Follower ${i}` };
  });
  await withClient(databaseUrl, async (client) => {
    await client.query(
      `insert into remote_actors (uri, handle, inbox_url, shared_inbox_url, name)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      [actors.map((a) => a.uri), actors.map((a) => a.handle), actors.map((a) => a.inbox), actors.map((a) => a.shared), actors.map((a) => a.name)],
    );
    await client.query(`insert into remote_followers (blog_id, actor_id) select b.id, a.id from blogs b cross join remote_actors a where b.name = $1`, [blog]);
  });
}

export async function benchFederation(settings: FederationSettings): Promise<FederationResult> {
  execFileSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const scratch = await createScratchDatabase();
  if (!scratch.ok) throw new Error(scratch.reason);
  const standIns = await startStandIns(settings.servers);
  try {
    const { token, writer } = await seedDashboard(scratch.database.url);
    await seedFollowers(scratch.database.url, writer.blog, standIns.hosts, settings.followers);
    const port = await freePort();
    const own = `127.0.0.1:${port}`;
    const server = await startCompiledServer(
      'federating server',
      scratch.database.url,
      { FEDERATION: 'on', PUBLIC_URL: `http://${own}`, FEDERATION_ALLOW_PRIVATE_HOSTS: [own, ...standIns.hosts].join(','), WORKERS: '1' },
      port,
    );
    try {
      const base = `http://${own}`;
      const route = dashboardPath('0');
      const check = await fetch(`${base}${route}`, { headers: { cookie: `sid=${token}` } });
      if (check.status !== 200) throw new Error(`GET ${route} answered ${check.status}: ${await check.text()}`);
      await hit(port, route, token, settings.warmupSeconds, settings.connections);

      const rounds: FederationRound[] = [];
      for (let round = 0; round < settings.rounds; round++) {
        const alone = await hit(port, route, token, settings.seconds, settings.connections);
        const marker = `bench-marker-${randomBytes(6).toString('hex')}`;
        const before = standIns.received();
        const load = autocannon({ url: `${base}${route}`, connections: settings.connections, duration: DELIVERY_TIMEOUT_MS / 1000, headers: { cookie: `sid=${token}` } });
        const started = performance.now();
        const saved = await fetch(`${base}/svc/post/update`, {
          method: 'POST',
          headers: { ...writer.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ channel_id: writer.blog, 'post[type]': 'text', 'post[one]': '', 'post[two]': `<p>Round ${round + 1}: ${marker}</p>` }),
        });
        const publishMs = performance.now() - started;
        if (saved.status !== 200) {
          load.stop();
          throw new Error(`publish answered ${saved.status}: ${await saved.text()}`);
        }
        try {
          await standIns.allReceived(marker, DELIVERY_TIMEOUT_MS);
        } finally {
          const deliveredMs = performance.now() - started;
          // The load lasts at least as long as the load alone did, so both are read over enough requests.
          const rest = settings.seconds * 1000 - deliveredMs;
          if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
          load.stop();
          const result = await load;
          rounds.push({
            publishMs,
            deliveredMs,
            requests: standIns.received() - before,
            alone,
            during: { rps: result.requests.total / result.duration, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx },
          });
        }
      }
      return { rounds };
    } finally {
      await server.stop();
    }
  } finally {
    await standIns.close();
    await scratch.database.drop();
  }
}

export function printFederation(settings: FederationSettings, result: { ok: true; value: FederationResult } | { ok: false; reason: string }) {
  console.log(
    `\nFederation: one post to ${settings.followers.toLocaleString('en')} remote followers on ${settings.servers} servers (loopback stand-ins), ` +
      `the compiled server on PostgreSQL with the dashboard under ${settings.connections} connections of load`,
  );
  if (!result.ok) return console.log(`  failed: ${result.reason}`);
  const rows = [['round', 'publish ms', 'all servers had it, s', 'requests', 'dashboard rps alone', 'during delivery', 'ratio', 'p99 ms alone', 'during', 'failures']];
  for (const [i, r] of result.value.rounds.entries()) {
    rows.push([
      String(i + 1),
      r.publishMs.toFixed(0),
      (r.deliveredMs / 1000).toFixed(1),
      String(r.requests),
      r.alone.rps.toFixed(0),
      r.during.rps.toFixed(0),
      `${(r.during.rps / r.alone.rps).toFixed(2)}x`,
      String(r.alone.p99),
      String(r.during.p99),
      String(r.alone.failures + r.during.failures),
    ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  console.log(rows.map((r) => r.map((cell, i) => cell.padStart(widths[i]!)).join('   ')).join('\n'));
  console.log('  (one process, WORKERS=1; the load generator and the stand-ins share the machine)');
}
