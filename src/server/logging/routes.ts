// The behaviour log's calls (spec 2 §7 "Logging and ads"; docs/api.md "Behaviour log").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { AppError, ErrorCode, badFormKey, notLoggedIn } from '../http/errors';
import { sessionCredentials } from '../http/session';
import { LocalWindow } from '../limits/local-window';
import { tooMany } from '../limits/rate-limit';
import { checkSession, storeSessionBatch } from './ingest';
import { cleanBatch } from './validate';

/** The video player's tracking path (spec 2 §7: "a trackers list with pt and event data"; the path is ours). */
export const VIDEO_TRACKING_PATH = '/svc/log/video';

const MINUTE_MS = 60_000;

const notAnObject = () =>
  new AppError(400, ErrorCode.invalidInput, 'The request body must be a JSON object with an events (or payload) list.');

/** A video tracker becomes an event named video_<event>, keeping pt and its data fields. */
const trackerEvent = (tracker: Record<string, unknown>) => {
  const { event, data, ...rest } = tracker;
  const fields = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  return { ...fields, ...rest, name: typeof event === 'string' ? `video_${event}` : event };
};

export function loggingRoutes(app: FastifyInstance, ctx: AppContext) {
  const rule = { name: 'log-batches', limit: ctx.config.limits.logBatchesPerMinute, windowMs: MINUTE_MS };
  // Counted in this process's memory: a database counter would be a second round trip per batch
  // (and a row lock every batch of one session waits on). The limit guards cost, not security.
  const batches = new LocalWindow(rule);

  /**
   * Checks, rate-limits (per session) and stores one batch. One round trip: the session read, the
   * form-key check and the insert are one statement (ingest.ts); the limit is taken before it and
   * given back when the session turns out unknown, so made-up cookies hold no counter.
   */
  const ingest = async (request: FastifyRequest, pick: (body: Record<string, unknown>) => { list: unknown; name: string; video?: boolean }) => {
    const credentials = sessionCredentials(request);
    const now = new Date();
    let events;
    try {
      const body = request.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw notAnObject();
      const { list, name, video } = pick(body as Record<string, unknown>);
      events = cleanBatch(list, name, now, video ? trackerEvent : undefined);
    } catch (error) {
      // A stranger's malformed batch is refused for who sent it (401, 403) before what it holds,
      // as on every other route; the extra read is on this error path only.
      const refused = await checkSession(ctx.db, credentials);
      if (refused) throw refused.session ? badFormKey() : notLoggedIn();
      throw error;
    }
    const refusal = batches.take(credentials.sessionId, now.getTime());
    if (refusal) {
      throw tooMany(refusal, ErrorCode.rateLimited, `Too many log batches: at most ${rule.limit} a minute. Try again in ${refusal.retryAfter} s.`);
    }
    const outcome = await storeSessionBatch(ctx.db, credentials, events, now);
    if (!outcome.session) {
      batches.giveBack(credentials.sessionId);
      throw notLoggedIn();
    }
    if (!outcome.formKeyOk) throw badFormKey();
    return ok({ stored: outcome.stored });
  };

  // Spec 2 §7: "events or payload arrays". Both routes take either name.
  const eventsOrPayload = (body: Record<string, unknown>) =>
    body.events === undefined && body.payload !== undefined ? { list: body.payload, name: 'payload' } : { list: body.events, name: 'events' };
  const own = { config: { sessionInRoute: true } } as const;
  app.post('/services/cslog', own, (request) => ingest(request, eventsOrPayload));
  app.post('/svc/log/lady', own, (request) => ingest(request, eventsOrPayload));
  app.post(VIDEO_TRACKING_PATH, own, (request) => ingest(request, (body) => ({ list: body.trackers, name: 'trackers', video: true })));
}
