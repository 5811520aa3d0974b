// The event bus: how one server process tells the others (and itself) that something changed,
// so caches are dropped and open streams poked. In-process by default; Redis pub/sub when
// REDIS_URL is set, for several processes on one database.
import { EventEmitter } from 'node:events';
import type { Redis as RedisClient } from 'ioredis';

export type BusEvent =
  /**
   * These users' unread message counts changed (a message, a read, a deletion); `at`: when the
   * change was stored (ms since 1970), passed on in the poke so its delivery time can be measured.
   */
  | { type: 'unread'; userIds: string[]; at?: number }
  /** This user's polling token or blogs changed: forget what is cached about them. */
  | { type: 'user'; userId: string };

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  readonly kind: 'local' | 'redis';
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

const CHANNEL = 'tumbleweed:events';

function isBusEvent(value: unknown): value is BusEvent {
  if (!value || typeof value !== 'object') return false;
  const event = value as Record<string, unknown>;
  if (event.type === 'unread') {
    return Array.isArray(event.userIds) && event.userIds.every((id) => typeof id === 'string') && (event.at === undefined || typeof event.at === 'number');
  }
  return event.type === 'user' && typeof event.userId === 'string';
}

export function localBus(): EventBus {
  const emitter = new EventEmitter();
  // Every open stream and cache listens through one listener each process; no leak warning for many.
  emitter.setMaxListeners(0);
  return {
    kind: 'local',
    async publish(event) {
      // Delivered after the caller's work, as Redis would: a listener never runs inside a transaction.
      queueMicrotask(() => emitter.emit('event', event));
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: one connection publishes, one subscribes (a subscribed connection can do
 * nothing else). A message published here comes back through the subscription like any other,
 * so every process, this one included, reacts the same way. While Redis is unreachable the
 * clients reconnect by themselves; a publish that fails is logged by the caller and polling
 * (which reads the database on a cache miss) covers the gap.
 */
export async function redisBus(url: string, onError: (error: Error) => void): Promise<EventBus> {
  // Loaded only when REDIS_URL is set: a single process never needs the package.
  const { Redis } = await import('ioredis');
  const options = { maxRetriesPerRequest: 2, lazyConnect: true, enableOfflineQueue: true } as const;
  const publisher: RedisClient = new Redis(url, options);
  const subscriber: RedisClient = new Redis(url, options);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== CHANNEL) return;
    try {
      const event: unknown = JSON.parse(text);
      if (isBusEvent(event)) emitter.emit('event', event);
    } catch {
      onError(new Error('A bus message was not JSON; ignored.'));
    }
  });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANNEL);
  return {
    kind: 'redis',
    async publish(event) {
      await publisher.publish(CHANNEL, JSON.stringify(event));
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
