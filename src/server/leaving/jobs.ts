// The background work of leaving, on one poller per process: exports waiting to be made (and
// expired ones to remove), then deleted blogs and accounts to purge. Every piece claims its rows
// with FOR UPDATE SKIP LOCKED, so several processes run it side by side and each row once.
import type { AppContext } from '../context';
import { startPoller, type Poller } from '../poller';
import type { Log } from '../log';
import { runExportsOnce } from './export';
import { runPurgeOnce } from './purge';

/** The poller of each app in this process, to start a pass at once when a request leaves work. */
const pollers = new WeakMap<AppContext, Poller>();

/** An export was asked for, or a blog deleted, here: this process's poller (if any) starts now. */
export function pokeLeavingJobs(ctx: AppContext) {
  pollers.get(ctx)?.poke();
}

/** One pass of both; tests call it directly. */
export async function runLeavingJobsOnce(ctx: AppContext, log: Log<'error'>, signal?: AbortSignal) {
  const exports = await runExportsOnce(ctx, log, signal);
  const purged = await runPurgeOnce(ctx, new Date(), signal);
  return { exports, purged };
}

/** Starts the jobs: a pass every `intervalMs` (work of other processes, or left by a stopped one), and on a poke. */
export function startLeavingJobs(ctx: AppContext, log: Log<'error'>, intervalMs = 15_000) {
  const poller = startPoller({
    tick: (signal) => runLeavingJobsOnce(ctx, log, signal),
    intervalMs,
    onError: (error) => log.error({ err: error }, 'export or purge pass failed'),
  });
  pollers.set(ctx, poller);
  return async () => {
    pollers.delete(ctx);
    await poller.stop();
  };
}
