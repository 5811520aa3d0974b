// The one way lists page (ARCHITECTURE.md: keyset, never offset): a page is read with one row more
// than it shows, and the cursor of its last row says where the next page starts. A cursor is the
// sort key of that row, its parts joined by '_' (a time in microseconds, then an id: "{us}_{id}"),
// so it is opaque to clients, stable across inserts, and checked here before it reaches SQL.
import { z } from 'zod';
import { MAX_ID } from '../../shared/ids';
import { invalidField } from './errors';

/** One part of a cursor: digits within the signed 64-bit range. */
const PART = /^\d{1,19}$/;
const fitsBigint = (part: string) => part.length < MAX_ID.length || part <= MAX_ID;

export const NOT_OUR_CURSOR = 'The before cursor is not one this server gave out.';

/** The cursor of a row: its sort key's parts (ids, microsecond times), as digits. */
export const cursorOf = (...parts: (string | number | bigint)[]) => parts.map(String).join('_');

/**
 * A cursor a client sent back, as the parts it was made of (`arity` of them), or null when none was
 * sent; anything else is the 400 that says it is not ours.
 */
export function readCursor(text: string | undefined, arity: number, field = 'before'): string[] | null {
  if (text === undefined || text === '') return null;
  const parts = text.split('_');
  if (parts.length !== arity || !parts.every((part) => PART.test(part) && fitsBigint(part))) {
    throw invalidField(field, field === 'before' ? NOT_OUR_CURSOR : `The ${field} cursor is not one this server gave out.`);
  }
  return parts;
}

/** The `before` of a list's query: text up to a cursor's length, checked by readCursor. */
export const beforeQuery = z.object({ before: z.string({ error: 'before must be text.' }).max(80, NOT_OUR_CURSOR).optional() });

export interface Page<T> {
  items: T[];
  /** The cursor of the next page, or null on the last. */
  next: string | null;
}

/** The page of `rows` read with a limit of `size + 1`: at most `size` of them and the next page's cursor. */
export function pageOf<T>(rows: T[], size: number, cursor: (last: T) => string): Page<T> {
  const items = rows.length > size ? rows.slice(0, size) : rows;
  const more = rows.length > size && items.length > 0;
  return { items, next: more ? cursor(items[items.length - 1]!) : null };
}
