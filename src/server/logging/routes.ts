// The behaviour log's calls (spec 2 §7 "Logging and ads"; docs/api.md "Behaviour log").
import type { FastifyRequest } from 'fastify';
import { logBatchSchema } from '../../shared/answers/logging';
import { LOG_LIMITS } from '../../shared/logging/limits';
import type { AppContext } from '../context';
import { endpoint, type Endpoint } from '../http/endpoint';
import { AppError, ErrorCode, badFormKey, notLoggedIn } from '../http/errors';
import { sessionCredentials } from '../http/session';
import { clientAddress } from '../limits/client-address';
import { LocalWindow } from '../limits/local-window';
import { refuse } from '../limits/rate-limit';
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

/**
 * A 429 for an account's spent allowance: the minute's batches, or the day's bytes (until 00:00
 * UTC). docs/api.md quotes both texts to the letter.
 */
function allowanceSpent(refused: AllowanceRefusal, allowance: LogAllowance, now: Date) {
  if (refused.bound === 'minute') {
    const resetsAt = new Date(refused.windowStart.getTime() + MINUTE_MS);
    const retryAfter = Math.max(1, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
    return refuse({ retryAfter, resetsAt }, { fixed: `Too many log batches: at most ${allowance.batchesPerMinute} a minute for an account. Try again in ${retryAfter} s.` });
  }
  const midnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const kb = Math.round((refused.verified ? allowance.bytesPerDay : allowance.unverifiedBytesPerDay) / 1024);
  const verify = refused.verified ? '' : ' Verify your email address to log more.';
  return refuse(
    { retryAfter: Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000)), resetsAt: midnight },
    { fixed: `This account has logged its ${kb} KB of events for today; more are taken from 00:00 UTC.${verify}` },
  );
}

type ListOf = (body: Record<string, unknown>) => { list: unknown; name: string; video?: boolean };

// Spec 2 §7: "events or payload arrays". Both routes take either name.
const eventsOrPayload: ListOf = (body) =>
  body.events === undefined && body.payload !== undefined ? { list: body.payload, name: 'payload' } : { list: body.events, name: 'events' };
const trackers: ListOf = (body) => ({ list: body.trackers, name: 'trackers', video: true });

/** The log's endpoints, with this process's count of batches per address (built once, in endpoints.ts). */
export function loggingEndpoints(ctx: AppContext): Endpoint[] {
  const { limits } = ctx.config;
  const allowance: LogAllowance = {
    bytesPerDay: limits.logBytesPerDay,
    unverifiedBytesPerDay: Math.max(LOG_LIMITS.maxBatchBytes, Math.floor(limits.logBytesPerDay / UNVERIFIED_SHARE)),
    batchesPerMinute: limits.logBatchesPerMinute,
  };
  const rule = { name: 'log-batches-address', limit: limits.logBatchesPerMinutePerAddress, windowMs: MINUTE_MS };
  // Per client address, counted in this process's memory (limits/local-window.ts), not in
  // rate_limits: a database round trip per batch is the very cost the log's one-statement ingest
  // avoids (issue 17). The account's own allowance is taken inside that statement (ingest.ts);
  // this one bounds what made-up or many accounts behind one address can send. It guards cost,
  // not security.
  const addresses = new LocalWindow(rule);

  /**
   * Checks, rate-limits (per client address here, per account in the statement) and stores one
   * batch. One round trip: the session read, the form-key check, the account's allowance and the
   * insert are one statement (ingest.ts); the address's hit is taken before it and given back
   * when the session turns out unknown, so made-up cookies hold no counter.
   */
  const ingest = async (request: FastifyRequest, pick: ListOf) => {
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
    if (refusal) throw refuse(refusal, `log batches from your address: at most ${rule.limit} a minute`);
    const outcome = await storeSessionBatch(ctx.db, credentials, events, now, allowance);
    if (!outcome.session) {
      // Made-up cookies hold no counter.
      addresses.giveBack(address);
      throw notLoggedIn();
    }
    if (!outcome.formKeyOk) throw badFormKey();
    if (outcome.refused) throw allowanceSpent(outcome.refused, allowance, now);
    return { stored: outcome.stored };
  };

  const batchRoute = (path: string, summary: string, pick: ListOf) =>
    endpoint({
      method: 'POST',
      path,
      area: 'logging',
      summary,
      // The route reads its session and checks the form key in its own statement (sessionInRoute):
      // no session lookup before it, and its own 401 and 403.
      access: 'token',
      answer: logBatchSchema,
      errors: [ErrorCode.notLoggedIn, ErrorCode.badFormKey, ErrorCode.rateLimited, ErrorCode.bodyTooLarge],
      // A batch is bounded in bytes (LOG_LIMITS.maxBatchBytes): a larger body is not read at all.
      options: { sessionInRoute: true, bodyLimit: LOG_LIMITS.maxBodyBytes },
      handle: ({ request }) => ingest(request, pick),
    });

  return [
    batchRoute('/services/cslog', 'Stores a batch of behaviour events (events or payload) as the logged-in account, in one statement.', eventsOrPayload),
    batchRoute('/svc/log/lady', 'Stores a batch of behaviour events (events or payload); the same as /services/cslog.', eventsOrPayload),
    batchRoute(VIDEO_TRACKING_PATH, "Stores the video player's trackers, each as the event video_<event> with pt and its data.", trackers),
  ];
}
