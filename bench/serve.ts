// A child process serving one of the benchmarked servers, so the load generator (the parent)
// and the server do not share an event loop. Talks to the parent over IPC:
// it sends { type: 'ready', port, token, sql } or { type: 'failed', message }, and stops on 'stop'.
import { startBareBlogViewerServer, type BlogViewerProbe } from './bare-blog-viewer';
import { startBareFeedServer } from './bare-feed';
import { startBareLoggingServer } from './bare-logging';
import { startBareMessagingServer } from './bare-messaging';
import { startBareServer } from './bare-user-info';
import { startOurFeedServer, startOurPlainServer, startOurRecordingServer } from './feed-server';
import { BENCH_PUBLIC_URL, startOurServer, type StartedServer } from './our-server';

const kind = process.env.BENCH_SERVER;
const databaseUrl = process.env.BENCH_DATABASE_URL || null;
/** Unset: GET /svc/user/info on a seeded database; 'feed': the dashboard (feed.ts); 'plain': our app on a generated database (social.ts); 'blog-viewer': the drawer and in-blog search (blog-viewer.ts). */
const scenario = process.env.BENCH_SCENARIO;

let server: StartedServer | null = null;
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  await server?.close().catch(() => {});
  process.exit(code);
}

// The parent gone (crashed, killed) means nobody will ever say stop.
process.on('disconnect', () => void stop(0));
process.on('message', (message) => {
  if (message === 'stop') void stop(0);
});

try {
  if (scenario === 'feed') {
    // The dashboard on the generated feed database; the session to record SQL with comes from the parent.
    const token = process.env.BENCH_FEED_TOKEN;
    if (!databaseUrl || !token) throw new Error('BENCH_SCENARIO=feed needs BENCH_DATABASE_URL and BENCH_FEED_TOKEN');
    if (kind === 'ours') server = await startOurFeedServer(databaseUrl, token);
    else server = await startBareFeedServer(databaseUrl, BENCH_PUBLIC_URL, token);
  } else if (scenario === 'logging-bare') {
    if (!databaseUrl) throw new Error('BENCH_SCENARIO=logging-bare needs BENCH_DATABASE_URL');
    server = await startBareLoggingServer(databaseUrl);
  } else if (scenario === 'messaging-bare') {
    if (!databaseUrl) throw new Error('BENCH_SCENARIO=messaging-bare needs BENCH_DATABASE_URL');
    server = await startBareMessagingServer(databaseUrl);
  } else if (scenario === 'blog-viewer') {
    // The drawer and in-blog search (blog-viewer.ts): both servers record the SQL of the probe's paths.
    const probe = JSON.parse(process.env.BENCH_PROBE ?? 'null') as BlogViewerProbe | null;
    if (!databaseUrl || !probe) throw new Error('BENCH_SCENARIO=blog-viewer needs BENCH_DATABASE_URL and BENCH_PROBE');
    if (kind === 'ours') server = await startOurRecordingServer(databaseUrl, probe.paths, probe.token);
    else server = await startBareBlogViewerServer(databaseUrl, BENCH_PUBLIC_URL, probe);
  } else if (scenario === 'plain') {
    if (!databaseUrl) throw new Error('BENCH_SCENARIO=plain needs BENCH_DATABASE_URL');
    server = await startOurPlainServer(databaseUrl);
  } else if (kind === 'ours') server = await startOurServer(databaseUrl);
  else if (kind === 'bare' && databaseUrl) server = await startBareServer(databaseUrl, BENCH_PUBLIC_URL);
  else throw new Error(`BENCH_SERVER=${kind} needs BENCH_DATABASE_URL for bare`);
  const { port, token, sql } = server;
  process.send!({ type: 'ready', port, token, sql });
} catch (error) {
  process.send!({ type: 'failed', message: error instanceof Error ? error.stack : String(error) });
  await stop(1);
}
