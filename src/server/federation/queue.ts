// Fedify's message queue on our own database: every outgoing delivery and incoming activity is a
// row, so a restart loses none. Claimed with FOR UPDATE SKIP LOCKED (several processes share the
// work, as the video jobs do); a claim not finished within STALE_MS (its process died) is taken
// again. Retries are Fedify's: a failed delivery is enqueued again with a delay that grows
// (its outbox retry policy, exponential backoff), which this queue keeps as run_at.
import type { MessageQueue, MessageQueueEnqueueOptions, MessageQueueListenOptions } from '@fedify/fedify';
import { sql } from 'kysely';
import type { Db } from '../db/schema';
import { startPoller, type Poller } from '../poller';
import type { Log } from '../log';
import { isUrlBlocked } from './blocked';

export const STALE_MS = 5 * 60_000;
/** Rows one pass claims at once; each runs before the next batch is taken. */
const BATCH = 20;

interface Claimed {
  id: string;
  message: unknown;
}

/** A delivery's lane is its server; everything else (inbox work, fan-outs) shares one. */
function laneOf(message: unknown): string {
  const { type, inbox } = (message ?? {}) as { type?: unknown; inbox?: unknown };
  if (type === 'outbox' && typeof inbox === 'string' && URL.canParse(inbox)) return `deliver:${new URL(inbox).host}`;
  return 'in-order';
}

export class DatabaseMessageQueue implements MessageQueue {
  readonly nativeRetrial = false;
  private readonly pollers = new Set<Poller>();

  constructor(
    private readonly db: Db,
    private readonly log: Log<'error'>,
    private readonly intervalMs = 1_000,
  ) {}

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const delayMs = options?.delay ? Math.max(0, options.delay.total('millisecond')) : 0;
    const runAt = new Date(Date.now() + delayMs);
    await this.db
      .insertInto('federation_jobs')
      .values(messages.map((message) => ({ message: sql`${JSON.stringify(message)}::jsonb`, run_at: runAt })))
      .execute();
    // A job due now starts at once in this process rather than at the next poll.
    if (delayMs === 0) for (const poller of this.pollers) poller.poke();
  }

  /** Due jobs (and stale claims), marked claimed. */
  async claim(now = new Date()): Promise<Claimed[]> {
    const staleBefore = new Date(now.getTime() - STALE_MS);
    const { rows } = await sql<Claimed>`
      update federation_jobs set claimed_at = ${now}
      where id in (
        select id from federation_jobs
        where (claimed_at is null and run_at <= ${now}) or claimed_at < ${staleBefore}
        order by run_at, id
        limit ${BATCH}
        for update skip locked
      )
      returning id, message`.execute(this.db);
    return rows;
  }

  /**
   * Runs every due job once; how many ran. A batch's jobs run side by side, except that jobs of one
   * lane run in their order: a remote server's deliveries one at a time (what it was sent arrives
   * in order, and one server never takes more than one of this process's connections), and the
   * inbox's activities one after another (an Undo after its Follow). A handler's failure is logged
   * and the job is done.
   */
  async runDue(handler: (message: unknown) => Promise<void> | void, signal?: AbortSignal): Promise<number> {
    let ran = 0;
    while (!signal?.aborted) {
      const jobs = await this.claim();
      if (jobs.length === 0) break;
      const lanes = new Map<string, Claimed[]>();
      for (const job of jobs) {
        const lane = laneOf(job.message);
        lanes.set(lane, [...(lanes.get(lane) ?? []), job]);
      }
      await Promise.all(
        [...lanes.values()].map(async (lane) => {
          for (const job of lane) {
            try {
              // A delivery to a server an admin blocked since it was queued does not leave.
              if (!(await this.toBlockedServer(job.message))) await handler(job.message);
            } catch (error) {
              // Fedify retries deliveries itself (a new job); what still throws is not worth retrying.
              this.log.error({ err: error, job: job.id }, 'federation job failed');
            }
            await this.db.deleteFrom('federation_jobs').where('id', '=', job.id).execute();
            ran++;
          }
        }),
      );
    }
    return ran;
  }

  private async toBlockedServer(message: unknown): Promise<boolean> {
    const { type, inbox } = (message ?? {}) as { type?: unknown; inbox?: unknown };
    return type === 'outbox' && typeof inbox === 'string' && isUrlBlocked(this.db, inbox);
  }

  listen(handler: (message: unknown) => Promise<void> | void, options?: MessageQueueListenOptions): Promise<void> {
    return new Promise<void>((resolve) => {
      const poller = startPoller({
        tick: (signal) => this.runDue(handler, signal),
        intervalMs: this.intervalMs,
        onError: (error) => this.log.error({ err: error }, 'federation queue pass failed'),
      });
      this.pollers.add(poller);
      const stop = () => {
        this.pollers.delete(poller);
        void poller.stop().then(resolve);
      };
      if (options?.signal?.aborted) stop();
      else options?.signal?.addEventListener('abort', stop, { once: true });
    });
  }

  async getDepth() {
    const row = await this.db
      .selectFrom('federation_jobs')
      .select((eb) => [eb.fn.countAll<string>().as('queued'), eb.fn.count<string>('id').filterWhere('run_at', '<=', new Date()).as('ready')])
      .executeTakeFirstOrThrow();
    return { queued: Number(row.queued), ready: Number(row.ready), delayed: Number(row.queued) - Number(row.ready) };
  }
}
