import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { AppError, ErrorCode } from '../http/errors';
import { moveInPlace, writeInPlace } from './write-in-place';

/** Bytes `start` to `end` of a file, both included (as an HTTP Range names them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media files live: every read and write of uploads and what is made from them goes through
 * this. Keys are content-addressed names (a sha256 and an extension, e.g. `ab/cd/abcd…1234.jpg`),
 * so a file never changes under its key and can be cached for good. The local disk is the default;
 * MEDIA_STORE=s3 puts them in an S3-compatible bucket (s3-storage.ts).
 */
export interface MediaStorage {
  /** Stores bytes (a Buffer, a stream, or a local file to move in, gone afterwards) under a key. */
  put(key: string, data: Buffer | Readable | { file: string }, contentType: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file's bytes, or a range of them; rejects when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The file's size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Removes the file; a file already gone is no error (a purge run twice removes nothing twice). */
  remove(key: string): Promise<void>;
  /** The path the site serves the file at. */
  url(key: string): string;
  /** The file on this machine, for tools that need a seekable file (ffmpeg); absent for remote storage. */
  pathOf?(key: string): string;
}

export const MEDIA_URL_PREFIX = '/media/';

/**
 * The key of one rendition of an upload: `ab/cd/<sha256>-<label>.<ext>`, where the sha256 is of the
 * bytes as uploaded and the label says which rendition (a width, `75sq`, `orig`, `poster`, ...).
 */
export const mediaKey = (sha256: string, label: string, ext: string) => `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}-${label}.${ext}`;

/** The key a media URL (as `url()` makes it) points at, or null. */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = url.slice(MEDIA_URL_PREFIX.length).split(/[?#]/)[0]!;
  return isSafeKey(key) ? key : null;
}

/** Keys are made by the server only; this keeps a hand-typed one from leaving the media folder. */
export const isSafeKey = (key: string) => /^[a-z0-9]{2}\/[a-z0-9]{2}\/[a-z0-9_.-]{1,200}$/.test(key) && !key.includes('..');

export function localMediaStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`bad media key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const file = fileOf(key);
      try {
        await fs.mkdir(path.dirname(file), { recursive: true });
        // Several uploads of the same file write the same keys at once: each through its own temporary name.
        if (!Buffer.isBuffer(data) && 'file' in data) await moveInPlace(data.file, file);
        else await writeInPlace(file, data);
      } catch (error) {
        throw isSystemError(error) ? storageUnavailable() : error;
      }
    },
    async exists(key) {
      return fs.access(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    async read(key, range) {
      const stream = createReadStream(fileOf(key), range);
      // Opened before it is handed over, so a missing file rejects here rather than mid-answer.
      await new Promise((resolve, reject) => stream.once('open', resolve).once('error', reject));
      return stream;
    },
    size: (key) => fs.stat(fileOf(key)).then(
      (stat) => (stat.isFile() ? stat.size : null),
      () => null,
    ),
    remove: (key) => fs.rm(fileOf(key), { force: true }),
    url: (key) => `${MEDIA_URL_PREFIX}${key}`,
    pathOf: fileOf,
  };
}

/** An error of the file system itself (a full disk, a folder that cannot be made), not of the file. */
const isSystemError = (error: unknown) => error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === 'string';

/** Retry-After, in seconds, while the media store refuses writes: an operator has to act. */
const STORAGE_RETRY_SECONDS = 60;

/**
 * The media store refused a write: the server's fault, not the file's. A 503 the person can act on
 * (try later), never the 400 'Something about that file is off…' that would blame their file.
 */
export const storageUnavailable = () =>
  new AppError(
    503,
    ErrorCode.unavailable,
    'The server could not store the file just now. Nothing was sent or saved; please try again in a few minutes.',
    undefined,
    { 'retry-after': String(STORAGE_RETRY_SECONDS) },
  );

/**
 * The media store did not answer a read: a 503 to try again later, not a 404 that says the file is
 * gone, and kept by no cache (the access check may have said a public file's year-long one).
 */
export const storageUnreadable = () =>
  new AppError(503, ErrorCode.unavailable, 'The file cannot be fetched just now. Please try again in a minute.', undefined, {
    'retry-after': String(STORAGE_RETRY_SECONDS),
    'cache-control': 'no-store',
  });
