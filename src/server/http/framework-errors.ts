import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/types';
import { sendError } from './envelope';
import { AppError, ErrorCode } from './errors';

/** Node's limit on the request line and headers together (its --max-http-header-size default). */
const HEADER_LIMIT_KB = Math.round(http.maxHeaderSize / 1024);

const tooLongPart = (maxParamLength: number) =>
  new AppError(
    414,
    ErrorCode.addressTooLong,
    `A part of this address is longer than ${maxParamLength.toLocaleString('en')} characters. Shorten it (a search term, a name) and try again.`,
  );

/**
 * Fastify answers a few errors before any route runs (an address it cannot decode, a path part
 * longer than maxParamLength) with its own JSON; these give the envelope and words instead.
 */
export function frameworkErrorHandler(maxParamLength: number) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    switch (error.code) {
      case 'FST_ERR_MAX_PARAM_LENGTH':
        return sendError(reply, tooLongPart(maxParamLength));
      case 'FST_ERR_BAD_URL':
        return sendError(reply, new AppError(400, ErrorCode.invalidInput, 'This address is not valid: a % in it must start an escape such as %20.'));
      default:
        return sendError(reply, new AppError(error.statusCode ?? 400, ErrorCode.invalidInput, 'The request could not be read. Please try again.'));
    }
  };
}

/** What Node's HTTP parser refused, before Fastify saw a request: the status and the words. */
function clientErrorAnswer(error: NodeJS.ErrnoException): AppError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new AppError(
        431,
        ErrorCode.headersTooLarge,
        `The request's address and headers are larger than the ${HEADER_LIMIT_KB} KB limit. Shorten the address, or clear this site's cookies, and try again.`,
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError(408, ErrorCode.invalidInput, 'The request took too long to arrive. Please try again.');
    default:
      return new AppError(400, ErrorCode.invalidInput, 'The request is not valid HTTP, so it could not be read.');
  }
}

/**
 * Node's clientError: there is no request or reply yet, only the socket, so the envelope is
 * written as a whole HTTP answer by hand, as Fastify's default handler writes its own.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy(error);
    return;
  }
  const answer = clientErrorAnswer(error);
  const body: Envelope<Record<string, never>> = {
    meta: { status: answer.status, msg: answer.message },
    response: {},
    errors: answer.items,
  };
  const json = JSON.stringify(body);
  socket.write(
    `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Connection: close\r\n\r\n' +
      json,
  );
  socket.destroy();
}
