// Federation with the app: on only with FEDERATION=on (config.ts). Its routes, Fedify's queue
// (deliveries and inbox work, in this process's poller) and the outbox pass (outbox.ts), all
// stopped with the app.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { createSafeFetcher } from '../links/safe-fetch';
import { startPoller } from '../poller';
import type { Fed, FederationData } from './data';
import { buildFederation } from './federation';
import { DatabaseKvStore } from './kv';
import { runOutbox } from './outbox';
import { DatabaseMessageQueue } from './queue';
import { registerFederationRoutes } from './fedify-routes';

/** Documents from other servers take at most this long (a slow server holds one queue slot). */
const FETCH_TIMEOUT_MS = 10_000;

export interface FederationHandle {
  federation: Fed;
  data: FederationData;
  queue: DatabaseMessageQueue;
  kv: DatabaseKvStore;
  /** Runs the outbox pass now (tests; a publish pokes it too). */
  pokeOutbox(): void;
  stop(): Promise<void>;
}

export interface FederationStartOptions {
  /** Run the queue and the outbox pass here (tests drive them by hand instead). */
  background?: boolean;
  outboxIntervalMs?: number;
  queueIntervalMs?: number;
}

export async function startFederation(app: FastifyInstance, ctx: AppContext, options: FederationStartOptions = {}): Promise<FederationHandle> {
  const fetcher = createSafeFetcher({ allowHosts: ctx.config.federation.allowPrivateHosts, timeoutMs: FETCH_TIMEOUT_MS });
  const kv = new DatabaseKvStore(ctx.db);
  const queue = new DatabaseMessageQueue(ctx.db, app.log, options.queueIntervalMs ?? 1_000);
  const federation = buildFederation(ctx, fetcher, app.log, kv, queue);
  const data: FederationData = { app: ctx, fetcher };
  await registerFederationRoutes(app, federation, data);

  const controller = new AbortController();
  const background = options.background ?? true;
  const queueDone = background ? federation.startQueue(data, { signal: controller.signal }) : Promise.resolve();
  const outbox = background
    ? startPoller({
        tick: async () => {
          await runOutbox(federation, data);
          await kv.sweep();
        },
        intervalMs: options.outboxIntervalMs ?? 2_000,
        onError: (error) => app.log.error({ err: error }, 'federation outbox pass failed'),
      })
    : null;
  return {
    federation,
    data,
    queue,
    kv,
    pokeOutbox: () => outbox?.poke(),
    stop: async () => {
      controller.abort();
      await outbox?.stop();
      await queueDone;
    },
  };
}
