import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from './errors';

export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000). Remove it and try again.';
export const SURROGATE_MESSAGE =
  'Text contains a broken character (a lone UTF-16 surrogate, such as "\\ud800" without its pair). Remove it and try again.';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The message for the first text anywhere in the value (keys too) that the database cannot store, or null. */
function textProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return stringProblem(value);
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) return firstOf(value, (item) => textProblem(item, depth + 1));
  return firstOf(Object.entries(value), ([key, item]) => stringProblem(key) ?? textProblem(item, depth + 1));
}

function stringProblem(text: string): string | null {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  return LONE_SURROGATE.test(text) ? SURROGATE_MESSAGE : null;
}

function firstOf<T>(items: T[], problem: (item: T) => string | null): string | null {
  for (const item of items) {
    const found = problem(item);
    if (found) return found;
  }
  return null;
}

/**
 * Text PostgreSQL cannot store fails in the database, whatever the route: U+0000 in any text,
 * and a lone UTF-16 surrogate (JSON "\ud800"), which is no character at all and which jsonb and
 * full-text search refuse. No one types either, so they are refused for every route before any
 * of them runs, with a 400 and what to do.
 */
export function installTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problem = textProblem(request.params) ?? textProblem(request.query) ?? textProblem(request.body);
    if (problem) throw new AppError(400, ErrorCode.invalidInput, problem);
  });
}
