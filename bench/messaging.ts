// The messaging scenario (issue 11 "Performance"), on PostgreSQL with 1 000 000 messages:
// GET /services/poll against a bare Fastify hello-world; sends per second against a bare route
// doing the same insert transaction; the conversation list and message page queries explained
// with the exact SQL the app sends; 5 000 open /services/stream connections (the server's extra
// memory) and the poke delivery time while they are open.
import fs from 'node:fs/promises';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/database';
import { inboxPageQuery, messagePageQuery } from '../src/server/messaging/queries';
import { openStream, type OpenStream } from '../src/server/messaging/stream-kit';
import { startChild, type ChildServer } from './child';
import { MESSAGING_SHAPE, prepareMessagingData, type MessagingData } from './messaging-data';

const HIDDEN_LABEL = `the ${MESSAGING_SHAPE.hiddenNewest} newest and every ${MESSAGING_SHAPE.hiddenEvery}th`;
import { withClient } from './postgres';

export interface MessagingSettings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
  streams: number;
  pokes: number;
}

interface Rate {
  rps: number;
  p99: number;
  failures: number;
}

interface Explained {
  label: string;
  ms: number;
  rows: number;
  indexes: string[];
}

export interface MessagingMeasured {
  generatedMs: number;
  stats: MessagingData['stats'];
  poll: { ours: Rate; bare: Rate };
  send: { ours: Rate; bare: Rate };
  explained: Explained[];
  streams: {
    open: number; extraMb: number; baseMb: number;
    /** From the start of the send request to the event heard. */
    pokeP50: number; pokeP99: number; pokeMax: number;
    /** From the moment the server stored the message (the poke's `at`) to the event heard. */
    commitP50: number; commitP99: number; commitMax: number;
  };
}

export type MessagingResult = { skipped: string } | MessagingMeasured;

type CannonOptions = Parameters<typeof autocannon>[0];

async function cannon(options: CannonOptions): Promise<Rate> {
  const result = await autocannon(options);
  return { rps: result['2xx'] / result.duration, p99: result.latency.p99, failures: result.errors + result.timeouts + result.non2xx };
}

async function measured(options: CannonOptions, settings: MessagingSettings): Promise<Rate> {
  await cannon({ ...options, duration: settings.warmupSeconds });
  return cannon({ ...options, duration: settings.seconds });
}

/** Resident memory of a process in MB, from /proc (Linux). */
async function rssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/^VmRSS:\s+(\d+) kB$/m)![1]) / 1024;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function explain(url: string): Promise<Explained[]> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const { rows: mid } = await withClient(url, (c) => c.query<{ id: string }>('select id from messages where conversation_id = 2 order by id limit 1 offset 250000'));
    const { rows: inboxMid } = await withClient(url, (c) => c.query<{ ts: string }>('select last_modified_ts as ts from conversation_participants where blog_id = 1 order by last_modified_ts desc limit 1 offset 3000'));
    const queries = [
      { label: 'conversation list, busiest blog (5,999 conversations), first page', query: inboxPageQuery(database.db, '1', '1', undefined, 11) },
      { label: 'conversation list, busiest blog, a page 3,000 down', query: inboxPageQuery(database.db, '1', '1', inboxMid[0]!.ts, 11) },
      { label: 'message page, newest, 500,000-message conversation', query: messagePageQuery(database.db, '2', '2', '0', {}, 21) },
      { label: 'message page, 250,000 messages back', query: messagePageQuery(database.db, '2', '2', '0', { before: mid[0]!.id }, 21) },
      // Issue 12: the page leaves out what the viewer deleted for itself (message_hidden).
      { label: `message page with the hide-deleted filter, newest, viewer deleted ${HIDDEN_LABEL}`, query: messagePageQuery(database.db, '2', '1', '0', {}, 21) },
      { label: 'message page with the hide-deleted filter, 250,000 messages back', query: messagePageQuery(database.db, '2', '1', '0', { before: mid[0]!.id }, 21) },
    ];
    const explained: Explained[] = [];
    for (const { label, query } of queries) {
      const compiled = query.compile();
      // Twice: the first warms the cache, the second is what a busy server sees.
      const plan = await withClient(url, async (client) => {
        await client.query(`explain (analyze, buffers, format json) ${compiled.sql}`, compiled.parameters as unknown[]);
        return (await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number; Plan: PlanNode }] }>(`explain (analyze, buffers, format json) ${compiled.sql}`, compiled.parameters as unknown[])).rows[0]!['QUERY PLAN'][0];
      });
      explained.push({ label, ms: plan['Execution Time'], rows: plan.Plan['Actual Rows'], indexes: [...new Set(indexesOf(plan.Plan))] });
    }
    return explained;
  } finally {
    await database.close();
  }
}

interface PlanNode {
  'Actual Rows': number;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const indexesOf = (node: PlanNode): string[] => [...(node['Index Name'] ? [node['Index Name']] : []), ...(node.Plans ?? []).flatMap(indexesOf)];

export async function benchMessaging(settings: MessagingSettings): Promise<MessagingResult> {
  const prepared = await prepareMessagingData();
  if (!prepared.ok) return { skipped: prepared.reason };
  const data = prepared.data;
  const children: ChildServer[] = [];
  const streams: OpenStream[] = [];
  try {
    const ours = await startChild('ours (messaging)', { BENCH_SERVER: 'ours', BENCH_SCENARIO: 'plain', BENCH_DATABASE_URL: data.url, BENCH_MESSAGING_LIMIT: '100000000' });
    children.push(ours);
    const bare = await startChild('bare (messaging)', { BENCH_SERVER: 'bare', BENCH_SCENARIO: 'messaging-bare', BENCH_DATABASE_URL: data.url });
    children.push(bare);
    const base = (server: ChildServer) => `http://127.0.0.1:${server.port}`;

    const poller = data.pollers[0]!;
    const poll = {
      ours: await measured({ url: `${base(ours)}/services/poll?token=${poller.token}&unread_messages=true&mention_keys=${poller.uuid}`, connections: settings.connections }, settings),
      bare: await measured({ url: `${base(bare)}/hello`, connections: settings.connections }, settings),
    };

    // Each connection sends into a conversation of its own (blog 1 with blog 3, 4, ...), as the bare route does.
    const sendOptions = (server: ChildServer, body: (k: number) => { headers: Record<string, string>; path: string; body: string }): CannonOptions => {
      let next = 0;
      return {
        url: base(server),
        connections: settings.connections,
        setupClient: (client: { setRequests(requests: object[]): void }) => {
          const k = 3 + next++;
          client.setRequests([{ method: 'POST', ...body(k) }]);
        },
      } as CannonOptions;
    };
    const send = {
      ours: await measured(sendOptions(ours, (k) => ({
        path: '/svc/conversations/messages',
        headers: { cookie: `sid=${data.sender.token}`, 'x-form-key': data.sender.formKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ participant: data.sender.blogUuid, conversation_id: data.conversationWith.get(k)!, type: 'TEXT', message: 'Bench message' }).toString(),
      })), settings),
      bare: await measured(sendOptions(bare, (k) => ({
        path: '/send',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ conversation_id: data.conversationWith.get(k)!, sender_blog_id: '1', sender_user_id: '1', message: 'Bench message' }),
      })), settings),
    };

    const explained = await explain(data.url);

    // Streams of users 2.. (one each), opened 250 at a time.
    const baseMb = await rssMb(ours.pid!);
    for (let i = 0; i < settings.streams; i += 250) {
      const batch = await Promise.all(data.pollers.slice(i, Math.min(i + 250, settings.streams)).map((p) => openStream(ours.port, `/services/stream?token=${p.token}`)));
      await Promise.all(batch.map((s) => s.next('ready', 30_000)));
      streams.push(...batch);
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const openMb = await rssMb(ours.pid!);

    // Pokes while they are open: blog 1 writes to blog k, whose stream must hear it.
    const latencies: number[] = [];
    const fromCommit: number[] = [];
    for (let j = 0; j < settings.pokes; j++) {
      const k = 2 + ((j * 37) % settings.streams);
      // Wall-clock time on both sides (one machine, one clock): the poke says when the server stored it.
      const heard = streams[k - 2]!.next('unread', 10_000).then((data) => ({ data, now: performance.now(), wall: Date.now() }));
      const started = performance.now();
      const res = await fetch(`${base(ours)}/svc/conversations/messages`, {
        method: 'POST',
        headers: { cookie: `sid=${data.sender.token}`, 'x-form-key': data.sender.formKey, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ participant: data.sender.blogUuid, conversation_id: data.conversationWith.get(k)!, type: 'TEXT', message: 'Poke' }).toString(),
      });
      if (res.status !== 200) throw new Error(`send for a poke answered ${res.status}: ${await res.text()}`);
      const event = await heard;
      latencies.push(event.now - started);
      fromCommit.push(event.wall - (JSON.parse(event.data) as { at: number }).at);
    }
    latencies.sort((a, b) => a - b);
    fromCommit.sort((a, b) => a - b);
    return {
      generatedMs: data.generatedMs,
      stats: data.stats,
      poll,
      send,
      explained,
      streams: {
        open: streams.length,
        baseMb,
        extraMb: openMb - baseMb,
        pokeP50: percentile(latencies, 50),
        pokeP99: percentile(latencies, 99),
        pokeMax: latencies.at(-1)!,
        commitP50: percentile(fromCommit, 50),
        commitP99: percentile(fromCommit, 99),
        commitMax: fromCommit.at(-1)!,
      },
    };
  } finally {
    for (const stream of streams) stream.close();
    for (const child of children) await child.stop();
  }
}

export function printMessaging(settings: MessagingSettings, result: MessagingResult) {
  console.log('\nMessaging (PostgreSQL)');
  if ('skipped' in result) {
    console.log(`  skipped: ${result.skipped}`);
    return;
  }
  const r = (rate: Rate) => `${rate.rps.toFixed(0)}/s (p99 ${rate.p99} ms, ${rate.failures} failed)`;
  console.log(`  data: ${result.stats.messages.toLocaleString('en')} messages in ${result.stats.conversations.toLocaleString('en')} conversations (the longest ${result.stats.busiestConversation.toLocaleString('en')}), made in ${(result.generatedMs / 1000).toFixed(1)} s`);
  console.log(`  load: ${settings.connections} connections, ${settings.warmupSeconds} s warm-up, ${settings.seconds} s measured`);
  console.log(`  GET /services/poll: ${r(result.poll.ours)}; bare hello-world ${r(result.poll.bare)}; ratio ${(result.poll.ours.rps / result.poll.bare.rps).toFixed(2)}x (target >= 0.5x)`);
  console.log(`  POST /svc/conversations/messages: ${r(result.send.ours)}; bare insert transaction ${r(result.send.bare)}; ratio ${(result.send.ours.rps / result.send.bare.rps).toFixed(2)}x (target >= 0.5x)`);
  for (const e of result.explained) console.log(`  EXPLAIN ANALYZE ${e.label}: ${e.ms.toFixed(3)} ms, ${e.rows} rows, indexes ${e.indexes.join(', ') || 'none'} (target < 2 ms)`);
  const s = result.streams;
  console.log(`  ${s.open} open streams: +${s.extraMb.toFixed(1)} MB resident (from ${s.baseMb.toFixed(1)} MB; target < 200 MB)`);
  console.log(`  poke delivery with them open, send request start to event: p50 ${s.pokeP50.toFixed(1)} ms, p99 ${s.pokeP99.toFixed(1)} ms, max ${s.pokeMax.toFixed(1)} ms (target p99 < 200 ms)`);
  console.log(`  poke delivery with them open, message stored to event: p50 ${s.commitP50.toFixed(1)} ms, p99 ${s.commitP99.toFixed(1)} ms, max ${s.commitMax.toFixed(1)} ms (1 ms clock; target p99 < 200 ms)`);
}
