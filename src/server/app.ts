import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { startNewFollowerEmails } from './account/new-followers-email';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/database';
import { installErrorHandling, sendError } from './http/envelope';
import { registerEndpoints } from './register-endpoints';
import type { Endpoint } from './http/endpoint';
import { endpointTable } from './endpoints';
import { EMBED_PROVIDER_ORIGINS } from './content/embeds';
import { AppError, ErrorCode } from './http/errors';
import { installSecurityHeaders } from './http/security-headers';
import { installRequestLog } from './http/request-log';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors';
import { installTextGuard } from './http/text-guard';
import { installSessions } from './http/session';
import { ipcBus, localBus, redisBus } from './bus/bus';
import { MessagingLive } from './messaging/live';
import { createSafeFetcher } from './links/safe-fetch';
import { createMailer, type Mailer } from './mail/mailer';
import { detectVideoTools } from './media/ffmpeg';
import { sweepStaleTemp } from './media/temp-files';
import { openMediaStorage } from './media/open-storage';
import { startVideoJobs } from './media/video-jobs';
import { startLeavingJobs } from './leaving/jobs';
import { startPublisher } from './posts/queue';
import { startLoggingJobs } from './logging/jobs';
import { pageStatus } from './page-status';
import { routePreloads } from './http/route-preloads';
import { startFederation, type FederationHandle } from './federation/start';

export const BODY_LIMIT = 1024 * 1024;
/** The longest part of a path a route reads (in-blog search's term, percent-encoded). */
const MAX_PARAM_LENGTH = 1000;

export interface RouteEntry {
  method: string;
  url: string;
  formKey: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its method, so tests can walk them all (the form-key rule, for one). */
    routeTable: RouteEntry[];
    /** The declared endpoints the routes were registered from (endpoints.ts). */
    endpoints: readonly Endpoint[];
    /** ActivityPub (FEDERATION=on), null when off. */
    federation: FederationHandle | null;
    ctx: AppContext;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** The built client to serve; null serves the API only (tests, `npm run dev`). */
  clientDir?: string | null;
  mailer?: Mailer;
  /** Pino logger settings; false for none. */
  logger?: boolean | object;
  /** Run the queue publisher in this process (tests drive it with a controlled clock instead). */
  publisher?: boolean;
  /** Run the video jobs, exports and purge in this process (tests run jobs with a controlled call instead). */
  jobs?: boolean;
  /** Run the batched emails (new followers) in this process (tests call a pass themselves). */
  emails?: boolean;
  /**
   * Tests only: host:port pairs (a local test server) that link previews may fetch although
   * their address is private. Never read from the environment: the default allows none.
   */
  fetchAllowHosts?: string[];
  /** A worker of several on one machine (main.ts): without Redis, events go to the others over IPC. */
  ipc?: boolean;
  /** Tests only: every JSON answer is checked against its declared schema (register-endpoints.ts). */
  checkAnswers?: boolean;
  /** Tests only: a shorter deadline for link preview fetches than the 5 s default. */
  fetchTimeoutMs?: number;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: BODY_LIMIT,
    // In-blog search carries the term in its path (spec 2 §7), percent-encoded: the default 100
    // characters would be 16 characters of Chinese. Routes check their own lengths.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors answered before any route runs get the envelope too (a too-long path part: 414;
    // headers over Node's limit: 431), not Fastify's own JSON.
    frameworkErrors: frameworkErrorHandler(MAX_PARAM_LENGTH),
    clientErrorHandler,
    // One log line per request is written below, with no secrets in it.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For names the client only when TRUST_PROXY says a proxy in front sets it.
    trustProxy: config.trustProxy,
  });
  // First, before anything that would need closing: a bucket that does not answer stops the start.
  const media = await openMediaStorage(config, app.log);
  // With REDIS_URL, events reach every process on the database (a Redis that is down at start fails
  // the start); a worker of WORKERS=N without Redis reaches its siblings over IPC (main.ts).
  const bus = config.redisUrl
    ? await redisBus(config.redisUrl, (error) => app.log.warn({ err: error }, 'redis event bus'))
    : options.ipc
      ? ipcBus()
      : localBus();
  // Looked for once, while the rest starts; video uploads and the job runner wait for the answer.
  const videoTools = detectVideoTools(config.media.ffmpegPath);
  void videoTools.then((found) => {
    if (!found && config.media.ffmpegPath) app.log.warn({ ffmpeg: config.media.ffmpegPath }, 'ffmpeg not found: video uploads are refused');
  });
  const { streamsPerUser, streamsPerAddress, streamsPerProcess } = config.limits;
  const ctx: AppContext = {
    bus,
    live: new MessagingLive(database.db, bus, { perUser: streamsPerUser, perAddress: streamsPerAddress, perProcess: streamsPerProcess }),
    config,
    db: database.db,
    database,
    mailer: options.mailer ?? createMailer(config),
    dataDir: config.dataDir,
    media,
    fetcher: createSafeFetcher({ allowHosts: options.fetchAllowHosts, timeoutMs: options.fetchTimeoutMs }),
    videoTools,
    federation: null,
  };
  app.decorate('ctx', ctx);
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.routeTable.push({ method, url: route.url, formKey: route.config?.formKey !== false });
    }
  });
  installRequestLog(app);
  const stopPublisher = options.publisher === false ? async () => {} : startPublisher(ctx.db, app.log);
  // Insights rollups and the log's retention ride with the other background work.
  const stopLogJobs = options.publisher === false ? async () => {} : startLoggingJobs(ctx.db, config.limits.logRetentionDays, app.log);
  void sweepStaleTemp(config.dataDir).catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep old temporary files'));
  const stopJobs = options.jobs === false ? async () => {} : startVideoJobs(ctx, ctx.videoTools, app.log);
  const stopEmails = options.emails === false ? async () => {} : startNewFollowerEmails(ctx, app.log);
  const stopLeaving = options.jobs === false ? async () => {} : startLeavingJobs(ctx, app.log);
  app.addHook('onClose', async () => {
    await stopPublisher();
    await stopLogJobs();
    await stopJobs();
    await stopEmails();
    await stopLeaving();
    ctx.mailer.close();
    await bus.close();
    await database.close();
  });
  // Streams end before the server waits for requests in flight, or shutdown would wait for them.
  app.addHook('preClose', async () => ctx.live.endStreams());
  app.addHook('onClose', async () => ctx.live.close());

  installErrorHandling(app);
  // Bodies are JSON or forms; plain text would only reach the schemas as a string.
  app.removeContentTypeParser('text/plain');
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT });
  installSessions(app, ctx);
  installTextGuard(app);
  installSecurityHeaders(app, { frameOrigins: EMBED_PROVIDER_ORIGINS });

  // reply.sendFile, for the client's page below; no route of its own (media is served from its
  // store by media/serve.ts).
  // preCompressed: index.html.br or .gz, written at build time (scripts/precompress.ts), when the browser takes it.
  await app.register(fastifyStatic, { serve: false, preCompressed: true });
  const endpoints = endpointTable(ctx);
  app.decorate('endpoints', endpoints);
  await registerEndpoints(app, ctx, endpoints, options.checkAnswers ?? false);
  // Other servers' side: Fedify's routes, its queue and the outbox pass (FEDERATION=on only).
  const federation = config.federation.enabled ? await startFederation(app, ctx, { background: options.publisher !== false }) : null;
  ctx.federation = federation;
  app.decorate('federation', federation);
  app.addHook('onClose', async () => federation?.stop());

  const clientDir = options.clientDir;
  const indexHtml = clientDir ? path.join(clientDir, 'index.html') : null;
  const preloadsFor = clientDir ? routePreloads(clientDir) : () => null;
  if (clientDir && fs.existsSync(indexHtml!)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // reply.sendFile is registered once, above.
      decorateReply: false,
      wildcard: false,
      index: false,
      // The .br and .gz beside each file are sent for it (with Vary: Accept-Encoding), not as files of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, file) => {
        // Vite puts a content hash in every asset name, so they never change under the same URL.
        // Anything else (index.html asked for by name) is checked with the server each time.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/svc/') && !request.url.startsWith('/media/');
    if (isPage && indexHtml && fs.existsSync(indexHtml)) {
      // Client routes (/dashboard, /new/text, ...) are drawn by the client; an address that is
      // no page, or names a post or blog the viewer cannot see, is a 404 with the client's not-found page.
      const pathname = request.url.split('?')[0];
      const status = await pageStatus(ctx, request.viewer, pathname);
      const preloads = status === 200 ? preloadsFor(pathname) : null;
      if (preloads) reply.header('link', preloads);
      return reply.code(status).header('cache-control', 'no-cache').sendFile('index.html', path.dirname(indexHtml), { cacheControl: false });
    }
    return sendError(
      reply,
      new AppError(404, ErrorCode.routeNotFound, `There is no ${request.method} ${request.url.split('?')[0]} here.`),
    );
  });
  return app;
}
