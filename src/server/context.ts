import type { EventBus } from './bus/bus';
import type { Config } from './config';
import type { DatabaseHandle } from './db/database';
import type { FederationHandle } from './federation/start';
import type { Db } from './db/schema';
import type { SafeFetcher } from './links/safe-fetch';
import type { Mailer } from './mail/mailer';
import type { VideoTools } from './media/ffmpeg';
import type { MediaStorage } from './media/storage';
import type { MessagingLive } from './messaging/live';

/** What every area's routes and services are given: built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  /** What the health probe asks of the database: which kind it is, and whether it answers. */
  database: Pick<DatabaseHandle, 'kind' | 'ping'>;
  mailer: Mailer;
  /** Folder for files the server makes (generated avatars, outbox). */
  dataDir: string;
  /** Uploaded files and what is made from them (DATA_DIR/media on the local disk). */
  media: MediaStorage;
  /** Tells every server process what changed (messaging's unread counts): in-process, or Redis with REDIS_URL. */
  bus: EventBus;
  /** Fetches other sites' pages for link previews, refusing private addresses (links/safe-fetch.ts). */
  fetcher: SafeFetcher;
  /**
   * ffmpeg and ffprobe, looked for once at start (media/ffmpeg.ts detectVideoTools) while the rest
   * starts; null when they are missing, and video uploads are refused. Uploads and the video job
   * runner wait for the answer.
   */
  videoTools: Promise<VideoTools | null>;
  /**
   * Messaging's per-process state (messaging/live.ts): the polls' cached unread counts and tokens,
   * and the open streams. One per app, made with the app and closed with it.
   */
  live: MessagingLive;
  /** ActivityPub (federation/start.ts): set once the app starts it with FEDERATION=on; null when off. */
  federation: FederationHandle | null;
}
