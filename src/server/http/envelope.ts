import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { ZodError, type ZodType, type z } from 'zod';
import type { Envelope } from '../../shared/types';
import { isConnectionFailure } from '../db/errors';
import { AppError, databaseUnavailable, ErrorCode } from './errors';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found',
  409: 'Conflict', 413: 'Payload Too Large', 415: 'Unsupported Media Type', 429: 'Too Many Requests',
  500: 'Internal Server Error', 503: 'Service Unavailable',
};

export function ok<T>(response: T): Envelope<T> {
  return { meta: { status: 200, msg: 'OK' }, response };
}

/** Parses a request part with a shared schema; a failure is a 400 naming each field. */
export function parse<S extends ZodType>(schema: S, input: unknown): z.infer<S> {
  if (input !== undefined && input !== null && (typeof input !== 'object' || Array.isArray(input))) {
    throw new AppError(400, ErrorCode.invalidInput, 'The request body must be a JSON object or a form, with named fields.');
  }
  return schema.parse(input ?? {});
}

function fromZod(error: ZodError): AppError {
  const items = error.issues.map((issue) => ({
    code: ErrorCode.invalidInput,
    title: issue.message,
    ...(issue.path.length ? { field: issue.path.join('.') } : {}),
  }));
  return new AppError(400, ErrorCode.invalidInput, items[0]?.title ?? 'The request is not valid.', items);
}

/** Fastify's own errors (body parsing, limits) in words a person can act on. */
function fromFastify(error: FastifyError, bodyLimit: number): AppError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(400, ErrorCode.malformedJson, 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, ErrorCode.bodyTooLarge, `The request body is larger than the ${sizeText(bodyLimit)} limit.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(
        415,
        ErrorCode.unsupportedMediaType,
        'Send the request body as JSON (application/json) or as a form (application/x-www-form-urlencoded).',
      );
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError(400, ErrorCode.invalidInput, 'The Content-Length header does not match the body.');
    default:
      return null;
  }
}

const sizeText = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

export function sendError(reply: FastifyReply, error: AppError) {
  const status = error.status;
  const body: Envelope<Record<string, never>> = {
    meta: { status, msg: error.message || STATUS_TEXT[status] || 'Error' },
    response: {},
    errors: error.items,
  };
  return reply.code(status).headers(error.headers).type('application/json; charset=utf-8').send(body);
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (error instanceof ZodError) return sendError(reply, fromZod(error));
    // A route may read less than the app's 1 MB (the behaviour log: 64 KB); the message names its own.
    const known = fromFastify(error, request.routeOptions.bodyLimit ?? 1024 * 1024);
    if (known) return sendError(reply, known);
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendError(reply, databaseUnavailable());
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, new AppError(error.statusCode, ErrorCode.invalidInput, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      new AppError(500, ErrorCode.internal, 'Something went wrong on our side. Please try again later.'),
    );
  });
}
