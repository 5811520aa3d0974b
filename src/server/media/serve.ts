// Answering GET and HEAD /media/<key> from any media store, once access.ts has said who may see
// the file. Keys name their bytes (a sha256), so the ETag is the key and the file never changes.
// Public files are cached by anyone for a year; with MEDIA_PUBLIC_URL they are fetched from the
// bucket's public address (a CDN) instead of through the server. Files only some may see are
// always streamed through the server, never redirected to a signed URL: the browser asks again
// each time (private, no-cache), so access taken away is taken away at once, and the bucket need
// not be reachable from browsers.
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { AppError, ErrorCode } from '../http/errors';
import type { MediaAccess } from './access';
import { mimeOfStoredExt } from './formats';
import type { ByteRange } from './storage';

export const PUBLIC_CACHE = 'public, max-age=31536000, immutable';
export const OWNER_CACHE = 'private, no-cache';

/**
 * A file that does not exist and one the viewer may not see answer alike, and the answer is kept by
 * no cache: the file may be there, or theirs to see, the next time (its post published, say).
 */
export const mediaNotFound = () =>
  new AppError(404, ErrorCode.notFound, 'There is no such file, or it is not yours to see.', undefined, { 'cache-control': 'no-store' });

export type RangeAsked = { range: ByteRange } | 'whole' | 'unsatisfiable';

/**
 * The one byte range a Range header asks of a file of `size` bytes. Anything but a single range
 * of bytes (several ranges, another unit, a malformed one) gets the whole file, as HTTP allows;
 * a range that starts past the end cannot be served (416).
 */
export function rangeAsked(header: string | undefined, size: number): RangeAsked {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (match[1] === '' && match[2] === '')) return 'whole';
  const [first, last] = [match[1] === '' ? null : Number(match[1]), match[2] === '' ? null : Number(match[2])];
  if (first === null) {
    // bytes=-N: the last N bytes.
    if (last === 0 || size === 0) return 'unsatisfiable';
    return { range: { start: Math.max(0, size - last!), end: size - 1 } };
  }
  if (last !== null && last < first) return 'whole';
  if (first >= size) return 'unsatisfiable';
  return { range: { start: first, end: Math.min(last ?? size - 1, size - 1) } };
}

const etagOf = (key: string) => `"${path.posix.basename(key)}"`;

/** Whether an If-None-Match header names this ETag (or any). */
const matches = (header: string | undefined, etag: string) => header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/** Answers a request for the file under `key`, which the viewer may see (`access`). */
export async function serveMedia(ctx: AppContext, key: string, request: FastifyRequest, reply: FastifyReply, access: Exclude<MediaAccess, 'hidden'>) {
  reply.header('cache-control', access === 'public' ? PUBLIC_CACHE : OWNER_CACHE);
  if (access === 'owner') reply.header('vary', 'cookie');
  const publicUrl = ctx.config.mediaStore.publicUrl;
  if (access === 'public' && publicUrl) return reply.redirect(`${publicUrl}/${key}`, 302);

  const size = await ctx.media.size(key);
  if (size === null) throw mediaNotFound();
  const etag = etagOf(key);
  // Served as the type its name says, never sniffed into something a browser would run.
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff')
    .type(mimeOfStoredExt(path.extname(key).slice(1)) ?? 'application/octet-stream');
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const asked = ifRange === undefined || ifRange === etag ? rangeAsked(request.headers.range, size) : 'whole';
  if (asked === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  const range = asked === 'whole' ? undefined : asked.range;
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  reply.header('content-length', String(range ? range.end - range.start + 1 : size));
  // HEAD says what a GET would send, without fetching the bytes from the store.
  if (request.method === 'HEAD') return reply.send();
  return reply.send(await ctx.media.read(key, range));
}
