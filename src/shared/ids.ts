// The one rule for ids on the wire: posts, notifications and reports are numbered by signed
// 64-bit integers (PostgreSQL bigint), sent as strings of digits since they do not fit a JS number.
import { z } from 'zod';

/** The largest signed 64-bit integer: no id is above it, and the database refuses to compare with more. */
export const MAX_ID = '9223372036854775807';

/** Why a text is not an id, or null when it is one: not digits at all, or digits beyond MAX_ID. */
export function idProblem(text: string): 'digits' | 'range' | null {
  if (!/^\d+$/.test(text)) return 'digits';
  // Same-length digit strings compare as numbers do.
  return text.length > MAX_ID.length || (text.length === MAX_ID.length && text > MAX_ID) ? 'range' : null;
}

export const isId = (text: string) => idProblem(text) === null;

/** What a person reads when `field` holds digits beyond any id. */
export const idRangeMessage = (field: string) => `${field} is too large to be an id: ids go up to ${MAX_ID}.`;

/** What a person reads when `field` is not a post id. */
export const postIdMessage = (field: string) => `${field} must be a post id (digits only).`;

export interface IdMessages {
  /** The field is absent or neither a string nor a number. */
  missing: string;
  /** The field holds something other than digits. */
  digits: string;
}

/** Adds the issue that says why `value` is not an id, if it is not. */
const checkId = (field: string, digits: string) => (value: string, ctx: z.RefinementCtx) => {
  const problem = idProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem === 'digits' ? digits : idRangeMessage(field) });
};

/**
 * An id field of a JSON or form body or a query: a string of digits (a JSON number is taken too,
 * as its digits), within the 64-bit range; anything else is a 400 with the message that says why.
 */
export const idField = (field: string, messages: IdMessages) =>
  z
    .union([z.string(), z.number()], { error: messages.missing })
    .transform(String)
    .superRefine(checkId(field, messages.digits));

/** An id that must come as a string (a query parameter, or a field documented as text). */
export const idText = (field: string, messages: IdMessages) =>
  z.string({ error: messages.missing }).superRefine(checkId(field, messages.digits));

/** A post id field, with the messages every post route uses. */
export const postIdField = (field: string) =>
  idField(field, { missing: `Say which post: ${field} is missing.`, digits: postIdMessage(field) });

/**
 * The one rule for uuids on the wire (a blog's uuid, its card token, a session's handle): 8-4-4-4-12
 * hex digits, either case. Checked before it reaches SQL, where a malformed uuid is an error.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string) => UUID_PATTERN.test(text);
