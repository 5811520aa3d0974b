/** The name of the unique constraint a write broke, or null for any other error. */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: string; constraint?: string } | null;
  return e?.code === '23505' ? (e.constraint ?? '') : null;
}

/**
 * The database cannot be reached, or dropped the connection a request was using (a failover, a
 * restart, an idle reaper, `pg_terminate_backend`). Nothing the caller sent is wrong: the request
 * may be tried again once the database is back, so it answers 503, not 500.
 */
export class DatabaseUnavailable extends Error {
  constructor(readonly reason: unknown) {
    super(`The database is not reachable: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * PostgreSQL's codes for a lost or refused connection: class 08 (connection exception), 57P01-03
 * (the server is shutting down, crashed, or not accepting connections yet) and 53300 (too many
 * connections).
 */
const CONNECTION_CODES = /^(08...|57P0[123]|53300)$/;
/** What the operating system says when a socket cannot be opened or breaks. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** True when an error from the driver means the connection, not the query, failed. */
export function isConnectionFailure(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  const e = error as { code?: unknown; message?: unknown; errors?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && (CONNECTION_CODES.test(e.code) || SOCKET_CODES.has(e.code))) return true;
  // node-postgres reports a closed socket and a pool wait that ran out in words, without a code.
  if (typeof e.message === 'string' && /^Connection terminated|not queryable|timeout exceeded when trying to connect/.test(e.message)) return true;
  // Connecting to a name with several addresses fails with one error per address.
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isConnectionFailure);
}
