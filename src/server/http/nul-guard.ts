import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from './errors';

export const NUL_MESSAGE = 'Text cannot contain the NUL character (U+0000). Remove it and try again.';

/** True when a string anywhere in the value (keys too) holds U+0000. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a value with it fails in the database, whatever the route.
 * No one types it, so it is refused for every route before any of them runs, with a 400.
 */
export function installNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body)) {
      throw new AppError(400, ErrorCode.invalidInput, NUL_MESSAGE);
    }
  });
}
