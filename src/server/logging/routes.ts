// The behaviour log's calls (spec 2 §7 "Logging and ads"; docs/api.md "Behaviour log").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { AppError, ErrorCode, badFormKey, notLoggedIn } from '../http/errors';
import { sessionCredentials } from '../http/session';
import { LocalWindow } from '../limits/local-window';
import { tooMany } from '../limits/rate-limit';
import { LOG_LIMITS } from '../../shared/logging/limits';
import { clientAddress } from '../limits/client-address';
import { checkSession, storeSessionBatch, type AllowanceRefusal, type LogAllowance } from './ingest';
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

/** An unverified account may log this share of a verified one's bytes a day. */
const UNVERIFIED_SHARE = 16;

const spent = (retryAfter: number, message: string) =>
  new AppError(429, ErrorCode.rateLimited, message, [{ code: ErrorCode.rateLimited, title: message }], { 'retry-after': String(retryAfter) });

/** A 429 for an account's spent allowance: the minute's batches, or the day's bytes (until 00:00 UTC). */
function allowanceSpent(refused: AllowanceRefusal, allowance: LogAllowance, now: Date) {
  if (refused.bound === 'minute') {
    const retryAfter = Math.max(1, Math.ceil((refused.windowStart.getTime() + MINUTE_MS - now.getTime()) / 1000));
    return spent(retryAfter, `Too many log batches: at most ${allowance.batchesPerMinute} a minute for an account. Try again in ${retryAfter} s.`);
  }
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  const kb = Math.round((refused.verified ? allowance.bytesPerDay : allowance.unverifiedBytesPerDay) / 1024);
  const verify = refused.verified ? '' : ' Verify your email address to log more.';
  return spent(
    Math.max(1, Math.ceil((midnight - now.getTime()) / 1000)),
    `This account has logged its ${kb} KB of events for today; more are taken from 00:00 UTC.${verify}`,
  );
}

export function loggingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { limits } = ctx.config;
  const allowance: LogAllowance = {
    bytesPerDay: limits.logBytesPerDay,
    unverifiedBytesPerDay: Math.max(LOG_LIMITS.maxBatchBytes, Math.floor(limits.logBytesPerDay / UNVERIFIED_SHARE)),
    batchesPerMinute: limits.logBatchesPerMinute,
  };
  const rule = { name: 'log-batches-address', limit: limits.logBatchesPerMinutePerAddress, windowMs: MINUTE_MS };
  // Per client address, counted in this process's memory before the statement: the account's own
  // allowance is taken inside the statement (ingest.ts), this one bounds what made-up or many
  // accounts behind one address can send. It guards cost, not security.
  const addresses = new LocalWindow(rule);

  /**
   * Checks, rate-limits (per client address here, per account in the statement) and stores one
   * batch. One round trip: the session read, the form-key check, the account's allowance and the
   * insert are one statement (ingest.ts); the address's hit is taken before it and given back
   * when the session turns out unknown, so made-up cookies hold no counter.
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
    const address = clientAddress(request);
    const refusal = addresses.take(address, now.getTime());
    if (refusal) {
      throw tooMany(refusal, ErrorCode.rateLimited, `Too many log batches from your address: at most ${rule.limit} a minute. Try again in ${refusal.retryAfter} s.`);
    }
    const outcome = await storeSessionBatch(ctx.db, credentials, events, now, allowance);
    if (!outcome.session) {
      // Made-up cookies hold no counter.
      addresses.giveBack(address);
      throw notLoggedIn();
    }
    if (!outcome.formKeyOk) throw badFormKey();
    if (outcome.refused) throw allowanceSpent(outcome.refused, allowance, now);
    return ok({ stored: outcome.stored });
  };

  // Spec 2 §7: "events or payload arrays". Both routes take either name.
  const eventsOrPayload = (body: Record<string, unknown>) =>
    body.events === undefined && body.payload !== undefined ? { list: body.payload, name: 'payload' } : { list: body.events, name: 'events' };
  // A batch is bounded in bytes (LOG_LIMITS.maxBatchBytes): a larger body is not read at all.
  const own = { config: { sessionInRoute: true }, bodyLimit: LOG_LIMITS.maxBodyBytes } as const;
  app.post('/services/cslog', own, (request) => ingest(request, eventsOrPayload));
  app.post('/svc/log/lady', own, (request) => ingest(request, eventsOrPayload));
  app.post(VIDEO_TRACKING_PATH, own, (request) => ingest(request, (body) => ({ list: body.trackers, name: 'trackers', video: true })));
}
