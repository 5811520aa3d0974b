// Flat fields of a form or JSON body (post[one], images[o1], remove_thumbnail ...), read with the
// spec's type errors. Here, below the areas, because posts, content, media and links all read them.
import { invalidTypeMessage } from '../../shared/posts/messages';
import { invalidField } from './errors';

export type RawPayload = Record<string, unknown>;

const TRUE = new Set(['1', 'true', 'on']);
const FALSE = new Set(['0', 'false', 'off', '']);

/** A text field: absent is '', a number is its digits, anything else is the spec's type error. */
export function textField(raw: RawPayload, key: string): string {
  const value = raw[key];
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw invalidField(key, invalidTypeMessage(key, 'string', value));
}

export function flagField(raw: RawPayload, key: string): boolean | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number' && (value === 0 || value === 1)) return value === 1;
  if (typeof value === 'string' && TRUE.has(value.toLowerCase())) return true;
  if (typeof value === 'string' && FALSE.has(value.toLowerCase())) return false;
  throw invalidField(key, invalidTypeMessage(key, 'boolean', value));
}
