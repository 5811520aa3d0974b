// The event bus: how one server process tells the others (and itself) that something changed,
// so caches are dropped and open streams poked. In-process by default; Redis pub/sub when
// REDIS_URL is set, for several processes on one database.
//
// A publish never holds a request (issue 22, item 13): it is delivered to this process's own
// listeners at once and handed to Redis in the background. While Redis is down a send answers at
// its normal speed, the other processes miss its poke (their polls read the database once their
// caches are dropped), and `health()` says the bus is degraded until both connections are back.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis as RedisClient } from 'ioredis';

export type BusEvent =
  /**
   * These users' unread message counts changed (a message, a read, a deletion); `at`: when the
   * change was stored (ms since 1970), passed on in the poke so its delivery time can be measured.
   */
  | { type: 'unread'; userIds: string[]; at?: number }
  /** This user's polling token or blogs changed: forget what is cached about them. */
  | { type: 'user'; userId: string }
  /**
   * Local only, never sent: this process was cut off from the others for a while (Redis came
   * back), so any event may have been missed: forget every cached count and poke every stream.
   */
  | { type: 'resync' };

export type BusListener = (event: BusEvent) => void;

/** ok: events reach every process; degraded: only this one (Redis is unreachable). */
export type BusHealth = 'ok' | 'degraded';

export interface EventBus {
  readonly kind: 'local' | 'ipc' | 'redis';
  /** Delivers to this process's listeners and hands the event on; resolves at once and never rejects. */
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: BusListener): () => void;
  health(): BusHealth;
  close(): Promise<void>;
}

const CHANNEL = 'tumbleweed:events';

/** An event that may come over the wire: `resync` is this process's own business, never received. */
function isBusEvent(value: unknown): value is BusEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  if (event.type === 'unread') {
    return Array.isArray(event.userIds) && event.userIds.every((id) => typeof id === 'string') && (event.at === undefined || typeof event.at === 'number');
  }
  return event.type === 'user' && typeof event.userId === 'string';
}

/** Listeners of this process, each event delivered after the caller's work (never inside its transaction). */
function localListeners() {
  const emitter = new EventEmitter();
  // Every open stream and cache listens through one listener each process; no leak warning for many.
  emitter.setMaxListeners(0);
  return {
    emit: (event: BusEvent) => queueMicrotask(() => emitter.emit('event', event)),
    subscribe(listener: BusListener) {
      emitter.on('event', listener);
      return () => {
        emitter.off('event', listener);
      };
    },
    clear: () => emitter.removeAllListeners(),
  };
}

export function localBus(): EventBus {
  const listeners = localListeners();
  return {
    kind: 'local',
    async publish(event) {
      listeners.emit(event);
    },
    subscribe: listeners.subscribe,
    health: () => 'ok',
    async close() {
      listeners.clear();
    },
  };
}

/** The key of a bus event in an IPC message between the workers of one machine and their primary. */
export const IPC_KEY = 'tumbleweed:bus';

/** An IPC message that carries a bus event, or null. */
export function busEventOf(message: unknown): BusEvent | null {
  if (!message || typeof message !== 'object') return null;
  const event = (message as Record<string, unknown>)[IPC_KEY];
  return isBusEvent(event) ? event : null;
}

/**
 * The workers of one machine (WORKERS=N without REDIS_URL): an event goes over IPC to the primary,
 * which hands it to every other worker (main.ts relayBusEvents). The send is asynchronous and never
 * waits for the others. If the primary is gone (the worker is being shut down), only this
 * process hears it, and `health()` says so.
 */
export function ipcBus(channel: NodeJS.Process = process): EventBus {
  const listeners = localListeners();
  const onMessage = (message: unknown) => {
    const event = busEventOf(message);
    if (event) listeners.emit(event);
  };
  channel.on('message', onMessage);
  return {
    kind: 'ipc',
    async publish(event) {
      listeners.emit(event);
      if (event.type === 'resync' || !channel.connected || !channel.send) return;
      channel.send({ [IPC_KEY]: event }, undefined, {}, () => {});
    },
    subscribe: listeners.subscribe,
    health: () => (channel.connected ? 'ok' : 'degraded'),
    async close() {
      channel.off('message', onMessage);
      listeners.clear();
    },
  };
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do
 * nothing else). Each message carries this process's id, so its own come back to nobody: they
 * were delivered here already. The publisher has no offline queue, so a publish while Redis is
 * down fails at once instead of waiting for the reconnection; the clients reconnect by
 * themselves, the subscriber subscribes again, and its return is a `resync` here.
 */
export async function redisBus(url: string, onError: (error: Error) => void): Promise<EventBus> {
  // Loaded only when REDIS_URL is set: a single process never needs the package.
  const { Redis } = await import('ioredis');
  const origin = randomUUID();
  const publisher: RedisClient = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
  const subscriber: RedisClient = new Redis(url, { lazyConnect: true, autoResubscribe: true });
  // Errors while Redis is down repeat at every reconnection attempt: one report per outage.
  let reported = false;
  const report = (error: Error) => {
    if (reported) return;
    reported = true;
    onError(error);
  };
  publisher.on('error', report);
  subscriber.on('error', report);
  const listeners = localListeners();
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== CHANNEL) return;
    try {
      const { origin: from, ...event } = JSON.parse(text) as { origin?: unknown };
      if (from !== origin && isBusEvent(event)) listeners.emit(event);
    } catch {
      onError(new Error('A bus message was not JSON; ignored.'));
    }
  });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  // Every later 'ready' is a reconnection: what was published meanwhile never arrived here.
  subscriber.on('ready', () => {
    reported = false;
    listeners.emit({ type: 'resync' });
  });
  publisher.on('ready', () => {
    reported = false;
  });
  return {
    kind: 'redis',
    async publish(event) {
      listeners.emit(event);
      if (event.type === 'resync') return;
      // Not awaited: the request that published goes on (see the top of this file).
      publisher.publish(CHANNEL, JSON.stringify({ ...event, origin })).catch(report);
    },
    subscribe: listeners.subscribe,
    health: () => (publisher.status === 'ready' && subscriber.status === 'ready' ? 'ok' : 'degraded'),
    async close() {
      listeners.clear();
      // A connection that is down is dropped: a polite QUIT would wait for Redis to come back.
      await Promise.allSettled([subscriber, publisher].map((client) => (client.status === 'ready' ? client.quit() : client.disconnect())));
    },
  };
}
