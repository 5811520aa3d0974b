// Reading a fetched page's body: decoded (gzip, deflate, br), and never more than a set size.
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { fail, FETCH_MESSAGES, networkError } from './fetch-errors';

/** The media type and charset of a Content-Type header. */
export function contentType(header: string | undefined): { mimeType: string; charset: string | null } {
  const [type = '', ...params] = (header ?? '').split(';');
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(p)?.[1]).find(Boolean) ?? null;
  return { mimeType: type.trim().toLowerCase(), charset };
}

function decoded(res: IncomingMessage): Readable {
  const encoding = String(res.headers['content-encoding'] ?? '').trim().toLowerCase();
  if (!encoding || encoding === 'identity') return res;
  if (encoding === 'gzip' || encoding === 'x-gzip') return res.pipe(zlib.createGunzip());
  if (encoding === 'deflate') return res.pipe(zlib.createInflate());
  if (encoding === 'br') return res.pipe(zlib.createBrotliDecompress());
  throw fail('network', FETCH_MESSAGES.encoding);
}

/** Reads at most maxBytes of the (decoded) body; past that, stops and keeps what it has. */
export function readCapped(res: IncomingMessage, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let stream: Readable = res;
    const stop = () => {
      settled = true;
      res.destroy();
      if (stream !== res) stream.destroy();
    };
    const finish = (truncated: boolean) => {
      if (settled) return;
      stop();
      resolve({ body: Buffer.concat(chunks, size), truncated });
    };
    const failWith = (error: unknown) => {
      if (settled) return;
      stop();
      reject(networkError(error));
    };
    try {
      stream = decoded(res);
    } catch (error) {
      failWith(error);
      return;
    }
    stream.on('data', (chunk: Buffer) => {
      if (settled) return;
      const room = maxBytes - size;
      if (chunk.length >= room) {
        chunks.push(chunk.subarray(0, room));
        size += room;
        finish(true);
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    });
    stream.on('end', () => finish(false));
    // A compressed page cut off part way still has its head: use what came.
    stream.on('error', (error) => (stream !== res && size > 0 ? finish(true) : failWith(error)));
    res.on('error', failWith);
    res.on('close', () => {
      if (!res.complete) failWith(new Error('connection closed early'));
    });
  });
}
