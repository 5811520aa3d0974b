import os from 'node:os';
import path from 'node:path';
import { NEW_CONVERSATIONS_PER_DAY } from '../shared/messaging/api';
import { INBOX_FAVORITES_APPEND_LIMIT } from '../shared/messaging/constants';

/** Everything the server reads from its environment, read in this one place. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  /** Absent: emails are written as files to dataDir/outbox. */
  smtpUrl: string | null;
  /** The address people reach the site at; used in emails and for the Secure cookie flag. */
  publicUrl: string;
  logLevel: string;
  /** Create demo blogs when the database has no users yet. */
  seedDemo: boolean;
  media: MediaConfig;
  /** Where media files are kept (MEDIA_STORE) and served from. */
  mediaStore: MediaStoreConfig;
  /**
   * Fastify's trustProxy: whether X-Forwarded-For names the client (true: whatever proxy sent the
   * request; addresses or CIDR ranges: only proxies at these). false: the socket's address.
   */
  trustProxy: boolean | string[];
  limits: LimitsConfig;
  /** Redis for the event bus between server processes (messaging pokes); null: in-process only. */
  redisUrl: string | null;
  /** WORKERS: how many server processes share the port (node:cluster); 1 runs no primary. */
  workers: number;
  /** Where the mobile app is offered (spec 2 §2 'Get the app'); null: the drawer offers none. */
  appUrl: string | null;
  /**
   * ADMIN_EMAILS (comma-separated): these accounts become admins when they verify their email
   * (proof they own the mailbox), so a fresh install or a journey test needs no database script.
   */
  adminEmails: string[];
  federation: FederationConfig;
}

/** ActivityPub (issue 28): off unless the operator turns it on. */
export interface FederationConfig {
  /** FEDERATION=on: blogs are actors other servers can find, follow and read. */
  enabled: boolean;
  /**
   * FEDERATION_ALLOW_PRIVATE_HOSTS (comma-separated host:port pairs): servers on private or
   * loopback addresses that federation may reach (tests, intranets), and which may be this
   * server's own PUBLIC_URL over plain http. Every other private address is refused.
   */
  allowPrivateHosts: string[];
}

/** The abuse limits an operator may need to move (login limits are fixed: src/server/account/login-limit.ts). */
export interface LimitsConfig {
  /** New accounts per client address per hour. */
  registrationsPerHour: number;
  /** Forgot-password emails asked for one address (email) per hour, and from one client address. */
  passwordResetsPerEmailPerHour: number;
  passwordResetsPerAddressPerHour: number;
  /** Uploads per account per hour (and three times as many per client address). */
  uploadsPerHour: number;
  /** Bytes an account may upload per day. */
  uploadBytesPerDay: number;
  /** New messaging conversations a user may start per day. */
  newConversationsPerDay: number;
  /** Spec 2 §9: favorites are appended below an inbox list of at most this many conversations. */
  inboxFavoritesAppendLimit: number;
  /** Messages an account may send per minute, and per hour (any conversation, new or not). */
  messagesPerMinute: number;
  messagesPerHour: number;
  /** Live message streams (/services/stream) one user may hold; one more closes the oldest. */
  streamsPerUser: number;
  /** Live streams from one client address (429 beyond), and in this process (503 beyond). */
  streamsPerAddress: number;
  streamsPerProcess: number;
  /** Behaviour log batches one account may send per minute (the queue sends one every 15 s per tab). */
  logBatchesPerMinute: number;
  /** Behaviour log batches one client address may send per minute (people behind one address share it). */
  logBatchesPerMinutePerAddress: number;
  /** Bytes of behaviour log events a verified account may store per UTC day (an unverified one: a sixteenth). */
  logBytesPerDay: number;
  /** Days the behaviour log keeps raw events before the prune job deletes them. */
  logRetentionDays: number;
}

/** Uploads: the largest file of each kind (spec 1 §5 Upload), and what images and videos may cost to process. */
export interface MediaConfig {
  maxImageBytes: number;
  /** Spec 2 §5: the largest image message, in bytes (default 10485760). */
  maxMessageImageBytes: number;
  maxAudioBytes: number;
  maxVideoBytes: number;
  /** Images declaring more pixels than this are refused before they are decoded (decompression bombs). */
  maxInputPixels: number;
  /** Animated images with more frames than this are refused before any work. */
  maxFrames: number;
  /**
   * The pixels an image's sizes add up to, every frame of every size counted: what encoding costs
   * (a 12 KB GIF of 400 frames of 300×300 asks for 67 million). More is refused before any work.
   */
  maxWorkPixels: number;
  /** Seconds one image may take to process, all its sizes together; past that it is refused. */
  imageTimeoutSeconds: number;
  /** Images processed at once by this process; the others wait their turn. */
  imageJobs: number;
  /** null: no video conversion, so video uploads are refused (links and embed codes still work). */
  ffmpegPath: string | null;
}

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Garage), reached with the AWS SDK. */
export interface S3StoreConfig {
  /** Absent: AWS S3 itself, at the region's address. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Absent: the SDK's own credential chain (an instance role, AWS_PROFILE, ...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `endpoint/bucket/key` rather than `bucket.endpoint/key`: what MinIO, Garage and Ceph usually want. */
  forcePathStyle: boolean;
}

export interface MediaStoreConfig {
  /** null: the local disk, under DATA_DIR/media. */
  s3: S3StoreConfig | null;
  /**
   * MEDIA_PUBLIC_URL: the bucket's public address or a CDN in front of it. Public files answer a
   * redirect there; files only some may see are still served by the server. null: all by the server.
   */
  publicUrl: string | null;
}

/** A positive number of megabytes (or megapixels) from the environment, as a whole count of units. */
function megas(env: NodeJS.ProcessEnv, name: string, fallback: number, unit = 1024 * 1024): number {
  const text = env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${text}".`);
  return Math.floor(value * unit);
}

function readMediaConfig(env: NodeJS.ProcessEnv): MediaConfig {
  const ffmpeg = env.FFMPEG_PATH ?? 'ffmpeg';
  return {
    maxImageBytes: megas(env, 'MEDIA_MAX_IMAGE_MB', 20),
    maxMessageImageBytes: megas(env, 'MESSAGING_MAX_IMAGE_MB', 10),
    maxAudioBytes: megas(env, 'MEDIA_MAX_AUDIO_MB', 50),
    maxVideoBytes: megas(env, 'MEDIA_MAX_VIDEO_MB', 500),
    maxInputPixels: megas(env, 'MEDIA_MAX_MEGAPIXELS', 40, 1_000_000),
    maxFrames: count(env, 'MEDIA_MAX_FRAMES', 500),
    maxWorkPixels: megas(env, 'MEDIA_MAX_WORK_MEGAPIXELS', 40, 1_000_000),
    imageTimeoutSeconds: count(env, 'MEDIA_IMAGE_TIMEOUT_SECONDS', 20),
    // Two at a time leave libuv's other threads (four by default) to file reads and DNS.
    imageJobs: count(env, 'MEDIA_IMAGE_JOBS', 2),
    ffmpegPath: ffmpeg === '' || ffmpeg === 'off' ? null : ffmpeg,
  };
}

/** A whole number of at least 1 from the environment. */
function count(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1, got "${text}".`);
  return value;
}

/** WORKERS: a whole number from 1 to 64, or `auto` for one per core this process may use. */
function readWorkers(text: string | undefined): number {
  const value = (text ?? '').trim();
  if (value === '') return 1;
  if (value === 'auto') return os.availableParallelism();
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error(`WORKERS must be auto or a whole number from 1 to 64, got "${text}".`);
  return workers;
}

function readTrustProxy(text: string | undefined): Config['trustProxy'] {
  const value = (text ?? '').trim();
  if (value === '' || value === 'false') return false;
  if (value === 'true') return true;
  const list = value.split(',').map((part) => part.trim()).filter(Boolean);
  if (list.some((part) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
    throw new Error(`TRUST_PROXY must be true, false, or the proxies' addresses (or CIDR ranges) separated by commas, got "${text}".`);
  }
  return list;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, got "${env.PORT}".`);
  }
  const host = env.HOST || '127.0.0.1';
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute URL such as https://example.com, got "${env.PUBLIC_URL}".`);
  }
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || null,
    smtpUrl: env.SMTP_URL || null,
    publicUrl,
    logLevel: env.LOG_LEVEL || 'info',
    seedDemo: env.SEED_DEMO !== 'false',
    media: readMediaConfig(env),
    mediaStore: readMediaStore(env),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    limits: {
      registrationsPerHour: count(env, 'LIMIT_REGISTRATIONS_PER_HOUR', 10),
      passwordResetsPerEmailPerHour: count(env, 'LIMIT_PASSWORD_RESETS_PER_EMAIL_PER_HOUR', 5),
      passwordResetsPerAddressPerHour: count(env, 'LIMIT_PASSWORD_RESETS_PER_ADDRESS_PER_HOUR', 20),
      uploadsPerHour: count(env, 'LIMIT_UPLOADS_PER_HOUR', 100),
      uploadBytesPerDay: megas(env, 'LIMIT_UPLOAD_MB_PER_DAY', 2000),
      newConversationsPerDay: count(env, 'LIMIT_NEW_CONVERSATIONS_PER_DAY', NEW_CONVERSATIONS_PER_DAY),
      inboxFavoritesAppendLimit: count(env, 'MESSAGING_INBOX_FAVORITES_APPEND_LIMIT', INBOX_FAVORITES_APPEND_LIMIT),
      // A person typing sends a few a minute; a script sends hundreds (issue 22: 1,000 in 21 s).
      messagesPerMinute: count(env, 'LIMIT_MESSAGES_PER_MINUTE', 60),
      messagesPerHour: count(env, 'LIMIT_MESSAGES_PER_HOUR', 600),
      streamsPerUser: count(env, 'LIMIT_STREAMS_PER_USER', 8),
      streamsPerAddress: count(env, 'LIMIT_STREAMS_PER_ADDRESS', 100),
      // Each stream is an open file: the default stays well under the common limit of 1,024 per
      // process, so requests still find a socket (issue 22: 1,000 streams starved everyone else).
      streamsPerProcess: count(env, 'LIMIT_STREAMS_PER_PROCESS', 700),
      logBatchesPerMinute: count(env, 'LIMIT_LOG_BATCHES_PER_MINUTE', 60),
      logBatchesPerMinutePerAddress: count(env, 'LIMIT_LOG_BATCHES_PER_MINUTE_PER_ADDRESS', 240),
      logBytesPerDay: count(env, 'LIMIT_LOG_KB_PER_DAY', 4096) * 1024,
      logRetentionDays: count(env, 'LOG_RETENTION_DAYS', 90),
    },
    redisUrl: env.REDIS_URL || null,
    workers: readWorkers(env.WORKERS),
    appUrl: readAppUrl(env.APP_URL),
    adminEmails: (env.ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    federation: readFederation(env, publicUrl),
  };
}

/** host:port, lower case, with the scheme's port when the URL names none. */
export function hostAndPort(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
}

function readFederation(env: NodeJS.ProcessEnv, publicUrl: string): FederationConfig {
  const switched = (env.FEDERATION ?? '').trim().toLowerCase();
  if (!['', 'on', 'off'].includes(switched)) throw new Error(`FEDERATION must be on or off, got "${env.FEDERATION}".`);
  const allowPrivateHosts = (env.FEDERATION_ALLOW_PRIVATE_HOSTS ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  const bad = allowPrivateHosts.find((part) => !/^[a-z0-9.-]+:\d{1,5}$|^\[[0-9a-f:]+\]:\d{1,5}$/.test(part));
  if (bad) throw new Error(`FEDERATION_ALLOW_PRIVATE_HOSTS must be host:port pairs separated by commas (such as 127.0.0.2:3000), got "${bad}".`);
  const enabled = switched === 'on';
  const own = new URL(publicUrl);
  if (enabled && own.protocol !== 'https:' && !allowPrivateHosts.includes(hostAndPort(own))) {
    throw new Error(
      `FEDERATION=on needs an https: PUBLIC_URL (other servers refuse plain http), got "${publicUrl}". For a test or an intranet, name ${hostAndPort(own)} in FEDERATION_ALLOW_PRIVATE_HOSTS.`,
    );
  }
  return { enabled, allowPrivateHosts };
}

/** APP_URL: an absolute http(s) address (a store page); empty or absent: no app is offered. */
function readAppUrl(text: string | undefined): string | null {
  const value = (text ?? '').trim();
  if (value === '') return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`APP_URL must be an absolute http(s) address such as https://apps.example.com/tumbleweed, got "${text}".`);
  }
  return url.href;
}

/** An absolute http(s) address, without a trailing slash, or null when the variable is empty. */
function httpUrl(env: NodeJS.ProcessEnv, name: string, example: string): string | null {
  const value = (env[name] ?? '').trim();
  if (value === '') return null;
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(`${name} must be an absolute http(s) address such as ${example}, got "${env[name]}".`);
  }
  return value.replace(/\/+$/, '');
}

/** Bucket names as S3 takes them: 3 to 63 lowercase letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** MEDIA_STORE and its S3_* settings, checked here so a mistake stops the start with a reason. */
function readMediaStore(env: NodeJS.ProcessEnv): MediaStoreConfig {
  const store = (env.MEDIA_STORE ?? '').trim();
  if (store !== '' && store !== 'local' && store !== 's3') throw new Error(`MEDIA_STORE must be local (the default) or s3, got "${env.MEDIA_STORE}".`);
  const publicUrl = httpUrl(env, 'MEDIA_PUBLIC_URL', 'https://media.example.com');
  if (store !== 's3') {
    // Without a bucket, the address would be the server's own /media, which sends public files there: a loop.
    if (publicUrl) throw new Error('MEDIA_PUBLIC_URL names where the bucket\'s public files are served: it needs MEDIA_STORE=s3.');
    return { s3: null, publicUrl: null };
  }
  const bucket = (env.S3_BUCKET ?? '').trim();
  if (bucket === '') throw new Error('MEDIA_STORE=s3 needs S3_BUCKET, the name of the bucket media files are kept in.');
  if (!BUCKET_NAME.test(bucket)) throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${env.S3_BUCKET}".`);
  const accessKeyId = (env.S3_ACCESS_KEY_ID ?? '').trim();
  const secretAccessKey = (env.S3_SECRET_ACCESS_KEY ?? '').trim();
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (to use the machine\'s own AWS credentials).');
  }
  const pathStyle = (env.S3_FORCE_PATH_STYLE ?? '').trim();
  if (!['', 'true', 'false'].includes(pathStyle)) throw new Error(`S3_FORCE_PATH_STYLE must be true or false, got "${env.S3_FORCE_PATH_STYLE}".`);
  return {
    s3: {
      endpoint: httpUrl(env, 'S3_ENDPOINT', 'https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000'),
      region: (env.S3_REGION ?? '').trim() || 'us-east-1',
      bucket,
      credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
      forcePathStyle: pathStyle === 'true',
    },
    publicUrl,
  };
}
