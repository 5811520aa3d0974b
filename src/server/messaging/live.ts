// What /services/poll and /services/stream read without the database: each user's unread
// counts and each polling token, kept in this process and dropped when the bus says they
// changed (in any process). A miss reads the database once; the next poll is served from memory.
import type { ServerResponse } from 'node:http';
import type { EventBus, BusEvent } from '../bus/bus';
import type { Db } from '../db/schema';
import { AppError, ErrorCode } from '../http/errors';
import { refuse } from '../limits/rate-limit';
import { unreadOfUser } from './queries';

/** Blog uuid (the mention key) -> conversation id -> unread count. */
export type UnreadByKey = Map<string, Map<string, number>>;

export interface TokenOwner {
  userId: string;
  verified: boolean;
}

/**
 * A token's owner is kept this long: a rotation drops it at once over the bus, but a verified
 * email (account area) is noticed only when this runs out.
 */
const TOKEN_TTL_MS = 60_000;
/** Unread counts are dropped on every change; this bounds what a block (another area) leaves stale. */
const UNREAD_TTL_MS = 5 * 60_000;
/** Entries kept at most per cache; the oldest go first. */
const CACHE_MAX = 50_000;
/** A comment line on every open stream this often, so proxies and browsers keep it open. */
export const HEARTBEAT_MS = 25_000;
/** A named event (not an SSE comment) so the page can hear it and tell a stalled stream (stream.ts). */
const HEARTBEAT_EVENT = 'event: heartbeat\ndata: {}\n\n';
/** Streams written per turn of the event loop by the heartbeat. */
const HEARTBEAT_SLICE = 250;

interface Cached<T> {
  value: Promise<T>;
  at: number;
}

function remember<T>(map: Map<string, Cached<T>>, key: string, load: () => Promise<T>, ttl: number): Promise<T> {
  const hit = map.get(key);
  if (hit && Date.now() - hit.at < ttl) return hit.value;
  if (map.size >= CACHE_MAX) map.delete(map.keys().next().value!);
  const value = load();
  const entry = { value, at: Date.now() };
  map.set(key, entry);
  // A failed load is not kept: the next poll asks again.
  value.catch(() => {
    if (map.get(key) === entry) map.delete(key);
  });
  return value;
}

/** How many live streams may be open at once: per user, per client address, in this process. */
export interface StreamCaps {
  perUser: number;
  perAddress: number;
  perProcess: number;
}

/** How long a refused stream's page should wait before it asks again (it polls meanwhile). */
export const STREAM_RETRY_AFTER_SECONDS = 30;
/** Tells a page its stream was closed for a newer one of the same user: poll, do not reconnect. */
const SUPERSEDED_EVENT = 'event: superseded\ndata: {}\n\n';

const retryAfter = { 'retry-after': String(STREAM_RETRY_AFTER_SECONDS) };
const streamsFull = () => {
  const text = `This server holds as many live connections as it can right now. Your messages still arrive by polling; try again in ${STREAM_RETRY_AFTER_SECONDS} seconds.`;
  return new AppError(503, ErrorCode.unavailable, text, [{ code: ErrorCode.unavailable, title: text }], retryAfter);
};
const tooManyFromAddress = () =>
  refuse(
    { retryAfter: STREAM_RETRY_AFTER_SECONDS, resetsAt: new Date(Date.now() + STREAM_RETRY_AFTER_SECONDS * 1000) },
    { fixed: `Too many live connections from your network. Close some tabs, or try again in ${STREAM_RETRY_AFTER_SECONDS} seconds; messages still arrive by polling.` },
  );

export class MessagingLive {
  private readonly unread = new Map<string, Cached<UnreadByKey>>();
  private readonly tokens = new Map<string, Cached<TokenOwner | null>>();
  /** Each user's open streams, oldest first. */
  private readonly streams = new Map<string, Set<ServerResponse>>();
  /** Open streams per client address. */
  private readonly byAddress = new Map<string, number>();
  /** How to release each open stream's counts (the user's cap closes streams itself). */
  private readonly released = new Map<ServerResponse, () => void>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private streamCount = 0;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
    private readonly caps: StreamCaps,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.onEvent(event));
    // One timer for every stream, not one each: thousands of open streams cost no timers.
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** The user a polling token belongs to, or null. */
  tokenOwner(token: string): Promise<TokenOwner | null> {
    return remember(this.tokens, token, async () => {
      const row = await this.db
        .selectFrom('users')
        .select(['id', 'email_verified_at'])
        .where('polling_token', '=', token)
        .executeTakeFirst();
      return row ? { userId: row.id, verified: row.email_verified_at !== null } : null;
    }, TOKEN_TTL_MS);
  }

  unreadOf(userId: string): Promise<UnreadByKey> {
    return remember(this.unread, userId, async () => {
      const byKey: UnreadByKey = new Map();
      for (const row of await unreadOfUser(this.db, userId)) {
        let conversations = byKey.get(row.uuid);
        if (!conversations) byKey.set(row.uuid, (conversations = new Map()));
        conversations.set(row.conversation_id, row.unread_count);
      }
      return byKey;
    }, UNREAD_TTL_MS);
  }

  /**
   * Tells every process (this one too) that these users' unread counts changed (stored just now).
   * Never waits for another process: the bus delivers here at once and sends on in the background.
   */
  async changed(userIds: string[]): Promise<void> {
    await this.bus.publish({ type: 'unread', userIds: [...new Set(userIds)], at: Date.now() });
  }

  async userChanged(userId: string): Promise<void> {
    await this.bus.publish({ type: 'user', userId });
  }

  private onEvent(event: BusEvent) {
    if (event.type === 'resync') {
      // Events may have been missed while the bus was cut off: every count is read again, and
      // every open page is poked to poll.
      this.unread.clear();
      this.tokens.clear();
      const at = Date.now();
      for (const userId of this.streams.keys()) this.poke(userId, at);
      return;
    }
    if (event.type === 'user') {
      for (const [token, entry] of this.tokens) {
        void entry.value.then((owner) => {
          if (owner?.userId === event.userId && this.tokens.get(token) === entry) this.tokens.delete(token);
        });
      }
      // Tokens not loaded yet resolve later; dropping all of them for this user is enough.
      this.unread.delete(event.userId);
      // Streams opened with the old token end too: a leaked token, or a deleted account, keeps
      // nothing open. The page's EventSource asks again with the token it has, and is refused
      // if that one is gone.
      for (const response of [...(this.streams.get(event.userId) ?? [])]) {
        response.end();
        this.released.get(response)?.();
      }
      return;
    }
    for (const userId of event.userIds) {
      this.unread.delete(userId);
      this.poke(userId, event.at ?? Date.now());
    }
  }

  // -------------------------------------------------------------------------------------------
  // Streams

  get openStreams(): number {
    return this.streamCount;
  }

  /**
   * Whether one more stream may open from this address (issue 22, item 10: one token held 1,000
   * and the process ran out of open files). Called right before `hold`, with no wait between.
   * Beyond the process's cap: 503 (this server is full, any client); beyond the address's: 429.
   */
  admit(address: string): void {
    if (this.streamCount >= this.caps.perProcess) throw streamsFull();
    if ((this.byAddress.get(address) ?? 0) >= this.caps.perAddress) throw tooManyFromAddress();
  }

  /**
   * Holds a stream open for a user until it closes; returns the function that ends it. Past the
   * user's cap the user's oldest stream is told it was superseded and closed (a page left open
   * in a forgotten tab gives way to the one in use); the page then polls instead of reconnecting.
   */
  hold(userId: string, address: string, response: ServerResponse): () => void {
    const held = this.streams.get(userId);
    while (held && held.size >= this.caps.perUser) {
      const oldest = held.values().next().value!;
      oldest.end(SUPERSEDED_EVENT);
      const release = this.released.get(oldest);
      if (release) release();
      else held.delete(oldest);
    }
    // Looked up again: releasing the last one dropped the user's set.
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(response);
    this.streamCount++;
    this.byAddress.set(address, (this.byAddress.get(address) ?? 0) + 1);
    let done = false;
    const release = () => {
      if (done) return;
      done = true;
      this.streamCount--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
      this.released.delete(response);
      set.delete(response);
      if (set.size === 0 && this.streams.get(userId) === set) this.streams.delete(userId);
    };
    this.released.set(response, release);
    return release;
  }

  /** `at`: when the change was stored, so a client (the bench) can tell how long the poke took. */
  private poke(userId: string, at: number) {
    const set = this.streams.get(userId);
    if (!set) return;
    const line = `event: unread\ndata: ${JSON.stringify({ at })}\n\n`;
    for (const response of set) response.write(line);
  }

  /**
   * The heartbeat in slices of HEARTBEAT_SLICE streams, each in its own turn of the event loop:
   * writing to thousands of sockets in one go would hold up every poke and request meanwhile.
   */
  private beat() {
    const all = [...this.streams.values()].flatMap((set) => [...set]);
    const slice = (from: number) => {
      for (const response of all.slice(from, from + HEARTBEAT_SLICE)) if (!response.writableEnded) response.write(HEARTBEAT_EVENT);
      if (from + HEARTBEAT_SLICE < all.length) setImmediate(() => slice(from + HEARTBEAT_SLICE));
    };
    slice(0);
  }

  /** Ends every open stream (shutdown: they would keep the server's close waiting). */
  endStreams() {
    for (const set of this.streams.values()) for (const response of set) response.end();
    this.streams.clear();
    this.byAddress.clear();
    this.released.clear();
    this.streamCount = 0;
  }

  close() {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    this.endStreams();
  }
}
