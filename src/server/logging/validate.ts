import { EVENT_NAME, LOG_LIMITS, type LogFieldValue } from '../../shared/logging/limits';
import { isId } from '../../shared/ids';
import { AppError, ErrorCode } from '../http/errors';

/** One event ready to store: its name, the client's clock if believable, a post when named, the rest. */
export interface CleanEvent {
  name: string;
  clientTs: Date | null;
  postId: string | null;
  fields: Record<string, LogFieldValue>;
  /** The fields as stored (jsonb), measured once here and sent as is. */
  json: string;
  /** What the event costs the account's daily allowance: its name and fields, in UTF-8 bytes. */
  bytes: number;
}

const FIELD_NAME = /^[a-z][a-z0-9_]*$/i;
/** A client clock further off than a day is wrong; the event is kept with the server's time only. */
const CLOCK_SLACK_MS = 24 * 60 * 60_000;

const bad = (field: string, message: string) =>
  new AppError(400, ErrorCode.invalidInput, message, [{ code: ErrorCode.invalidInput, title: message, field }]);

/**
 * Checks a whole batch before anything is stored: one bad event refuses the batch (400) so a client
 * learns of its mistake instead of losing part of a batch silently. Hand-written rather than a schema
 * because it runs for every event of every batch (spec 2 §7: batches every 15 s from every page).
 */
export function cleanBatch(list: unknown, listName: string, now: Date, rename?: (event: Record<string, unknown>) => Record<string, unknown>): CleanEvent[] {
  if (!Array.isArray(list)) throw bad(listName, `${listName} must be a list of events.`);
  if (list.length === 0) throw bad(listName, `${listName} is empty: send at least one event.`);
  if (list.length > LOG_LIMITS.maxBatch) {
    throw bad(listName, `${listName} holds ${list.length} events; send at most ${LOG_LIMITS.maxBatch} in one batch.`);
  }
  const events = list.map((item, index) => cleanEvent(item, `${listName}.${index}`, now, rename));
  const bytes = batchBytes(events);
  if (bytes > LOG_LIMITS.maxBatchBytes) {
    throw bad(listName, `${listName} takes ${bytes} bytes; send at most ${LOG_LIMITS.maxBatchBytes} bytes of events in one batch (split it).`);
  }
  return events;
}

export const batchBytes = (events: CleanEvent[]) => events.reduce((sum, event) => sum + event.bytes, 0);

function cleanEvent(item: unknown, path: string, now: Date, rename?: (event: Record<string, unknown>) => Record<string, unknown>): CleanEvent {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) throw bad(path, `${path} must be an object with a name.`);
  const raw = rename ? rename(item as Record<string, unknown>) : (item as Record<string, unknown>);
  const { name, ts, post_id: postId, ...rest } = raw;
  if (typeof name !== 'string' || name.length === 0) throw bad(`${path}.name`, `${path}.name is missing: every event needs a name.`);
  if (name.length > LOG_LIMITS.maxNameLength || !EVENT_NAME.test(name)) {
    throw bad(`${path}.name`, `${path}.name must be at most ${LOG_LIMITS.maxNameLength} letters, digits, _ . : or -, starting with a letter.`);
  }
  let clientTs: Date | null = null;
  if (ts !== undefined && ts !== null) {
    if (typeof ts !== 'number' || !Number.isFinite(ts)) throw bad(`${path}.ts`, `${path}.ts must be a time in milliseconds since 1970.`);
    if (Math.abs(ts - now.getTime()) <= CLOCK_SLACK_MS) clientTs = new Date(ts);
  }
  let post: string | null = null;
  if (postId !== undefined && postId !== null) {
    const text = typeof postId === 'number' && Number.isSafeInteger(postId) ? String(postId) : postId;
    if (typeof text !== 'string' || !isId(text)) throw bad(`${path}.post_id`, `${path}.post_id must be a post id (digits).`);
    post = text;
  }
  const keys = Object.keys(rest);
  if (keys.length > LOG_LIMITS.maxFields) throw bad(path, `${path} has ${keys.length} fields; at most ${LOG_LIMITS.maxFields} besides name, ts and post_id.`);
  const fields: Record<string, LogFieldValue> = {};
  for (const key of keys) {
    if (key.length > LOG_LIMITS.maxFieldNameLength || !FIELD_NAME.test(key)) {
      throw bad(`${path}.${key.slice(0, 40)}`, `${path} has a field name that is not letters, digits and _ (at most ${LOG_LIMITS.maxFieldNameLength}).`);
    }
    fields[key] = cleanValue(rest[key], `${path}.${key}`);
  }
  const json = JSON.stringify(fields);
  // The same measure as the client queue's (shared), so a batch it sends is never refused for size.
  const bytes = Buffer.byteLength(json) + name.length + (post?.length ?? 0);
  if (bytes > LOG_LIMITS.maxEventBytes) {
    throw bad(path, `${path} takes ${bytes} bytes; an event may take at most ${LOG_LIMITS.maxEventBytes} (shorten its fields).`);
  }
  return { name, clientTs, postId: post, fields, json, bytes };
}

function cleanValue(value: unknown, path: string): LogFieldValue {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw bad(path, `${path} must be a finite number.`);
    return value;
  }
  if (typeof value === 'string') {
    if (value.length > LOG_LIMITS.maxFieldLength) throw bad(path, `${path} is longer than ${LOG_LIMITS.maxFieldLength} characters.`);
    // The text guard refuses lone surrogates and NUL in bodies already; jsonb refuses \u0000 too.
    return value;
  }
  throw bad(path, `${path} must be text, a number, true, false or null (no lists or objects).`);
}
