import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Query parameters that carry a secret on some route: the polling token (/services/poll,
 * /services/stream), the embed key (/embed/post/...), a form key a client put in the address.
 * Redacted on every route, so a new route that takes a secret this way cannot forget to.
 */
const SECRET_QUERY_NAMES = new Set(['token', 'key', 'form_key', 'password']);

export const REDACTED = '[redacted]';

/**
 * The address as the request log writes it: the route pattern where the path holds a secret
 * (an emailed verification token), and every secret query parameter's value replaced.
 */
export function loggedUrl(request: FastifyRequest): string {
  const pathOnly = request.routeOptions.config?.secretInPath ? request.routeOptions.url : undefined;
  const url = request.url;
  const queryAt = url.indexOf('?');
  const path = pathOnly ?? (queryAt === -1 ? url : url.slice(0, queryAt));
  if (queryAt === -1) return path;
  return `${path}?${redactQuery(url.slice(queryAt + 1))}`;
}

/** The names above as they appear unencoded, for the common case (every request's log line). */
const SECRET_PAIR = new RegExp(`(^|&)(${[...SECRET_QUERY_NAMES].join('|')})=[^&]*`, 'gi');

function redactQuery(query: string): string {
  // No escapes in the query: no name can be spelled otherwise, one regular expression does it.
  if (!query.includes('%') && !query.includes('+')) return query.replace(SECRET_PAIR, `$1$2=${REDACTED}`);
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      if (!SECRET_QUERY_NAMES.has(decodeName(rawName).toLowerCase())) return pair;
      return `${rawName}=${REDACTED}`;
    })
    .join('&');
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** One log line per request, with no secrets in it (README: LOG_LEVEL). */
export function installRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, url: loggedUrl(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
}
