/**
 * Bounds of the behaviour log (spec 2 §7 "Logging and ads", §9 "Log flush interval: 15 s"), shared by
 * the client queue and the server's validation so that a batch the queue sends is never refused for size.
 */
export const LOG_LIMITS = {
  /** Spec 2 §9: the queue sends what it holds every 15 s. */
  flushIntervalMs: 15_000,
  /** Events in one batch; the server answers 400 to a larger one. */
  maxBatch: 100,
  /** Events the client keeps while sends fail; the oldest are dropped beyond it. */
  maxKept: 500,
  /** Characters of an event name (letters, digits, `_`, `-`, `.`, `:`). */
  maxNameLength: 64,
  /** Fields besides the name in one event. */
  maxFields: 20,
  /** Characters of a field name. */
  maxFieldNameLength: 40,
  /** Characters of a string field value. */
  maxFieldLength: 512,
  /** Bytes of one request body; the server stops reading beyond it (413). */
  maxBodyBytes: 64 * 1024,
  /** Bytes one event takes when stored (its name and its fields as JSON). */
  maxEventBytes: 1024,
  /** Bytes a whole batch takes when stored: what a minute of batches can cost is bounded by it. */
  maxBatchBytes: 32 * 1024,
} as const;

/** What an event name looks like: `post_impression`, `drawer.load`, `messaging-interaction:open`. */
export const EVENT_NAME = /^[a-z][a-z0-9_.:-]*$/i;

/** A field value the log keeps: short text, a finite number, a boolean or null. */
export type LogFieldValue = string | number | boolean | null;
export type LogFields = Record<string, LogFieldValue>;

/** One event as it travels: its name, when it happened (ms since the epoch) and its fields. */
export interface LogEvent {
  name: string;
  ts: number;
  [field: string]: LogFieldValue;
}

const utf8 = new TextEncoder();

/**
 * What an event takes when stored, as the server measures it against maxEventBytes and
 * maxBatchBytes: its fields as JSON (all but name, ts and post_id) in UTF-8 bytes, plus the name
 * and the post id. The client queue measures with it so the batches it sends are never refused.
 */
export function storedEventBytes(event: Record<string, unknown>): number {
  const { name, ts: _ts, post_id: postId, ...fields } = event;
  return utf8.encode(JSON.stringify(fields)).length + String(name ?? '').length + (postId === undefined || postId === null ? 0 : String(postId).length);
}
