// The behaviour log's calls (spec 2 §7 "Logging and ads"; docs/api.md "Behaviour log").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { AppError, ErrorCode } from '../http/errors';
import { requireViewer } from '../http/session';
import { take, tooMany } from '../limits/rate-limit';
import { storeBatch } from './ingest';
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
  /** Checks, rate-limits (per session) and stores one batch; the limit is taken before the insert. */
  const ingest = async (request: FastifyRequest, pick: (body: Record<string, unknown>) => { list: unknown; name: string; video?: boolean }) => {
    const viewer = requireViewer(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw notAnObject();
    const { list, name, video } = pick(body as Record<string, unknown>);
    const now = new Date();
    const events = cleanBatch(list, name, now, video ? trackerEvent : undefined);
    const rule = { name: 'log-batches', limit: ctx.config.limits.logBatchesPerMinute, windowMs: MINUTE_MS };
    const refusal = await take(ctx.db, [{ rule, subject: viewer.sessionId }]);
    if (refusal) {
      throw tooMany(refusal, ErrorCode.rateLimited, `Too many log batches: at most ${rule.limit} a minute. Try again in ${refusal.retryAfter} s.`);
    }
    return ok({ stored: await storeBatch(ctx.db, viewer.user.id, events, now) });
  };

  // Spec 2 §7: "events or payload arrays". Both routes take either name.
  const eventsOrPayload = (body: Record<string, unknown>) =>
    body.events === undefined && body.payload !== undefined ? { list: body.payload, name: 'payload' } : { list: body.events, name: 'events' };
  app.post('/services/cslog', (request) => ingest(request, eventsOrPayload));
  app.post('/svc/log/lady', (request) => ingest(request, eventsOrPayload));
  app.post(VIDEO_TRACKING_PATH, (request) => ingest(request, (body) => ({ list: body.trackers, name: 'trackers', video: true })));
}
