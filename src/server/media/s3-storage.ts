// Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Garage), through the AWS SDK v3.
// Keys are content-addressed, so a key already in the bucket holds the right bytes: it is never
// written again. The store failing (unreachable, a 5xx, access denied) is the server's trouble,
// not the file's: writes answer storageUnavailable() and reads storageUnreadable(), both 503s.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3StoreConfig } from '../config';
import { isSafeKey, MEDIA_URL_PREFIX, storageUnavailable, storageUnreadable, type MediaStorage } from './storage';
import type { Log } from '../log';

/** What every stored file may be cached as, wherever it is fetched from: its key names its bytes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface StoreErrorShape {
  name?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as StoreErrorShape | null)?.$metadata?.httpStatusCode;

/** The store says there is no such object (HeadObject answers a bare 404 NotFound, GetObject NoSuchKey). */
const isMissing = (error: unknown) => statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes((error as StoreErrorShape | null)?.name ?? '');

/** An answer of the store, or no answer at all (a refused connection, a timeout): not a bug of ours. */
function isStoreFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const shape = error as StoreErrorShape;
  return shape.$metadata !== undefined || typeof shape.code === 'string' || ['TimeoutError', 'RequestTimeout'].includes(error.name);
}

export function s3Client(config: S3StoreConfig): S3Client {
  return new S3Client({
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where the operation requires them: several S3-compatible stores refuse the
    // SDK's default trailing checksums on streamed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer is noticed in seconds, not at the operating system's timeout.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
}

/** Where the store's failures are told, for the operator: the person only hears 'try again later'. */
export function s3MediaStorage(config: S3StoreConfig, client = s3Client(config), log?: Log<'warn'>): MediaStorage {
  const Bucket = config.bucket;
  const failed = (error: unknown, key: string, unavailable: () => Error) => {
    if (!isStoreFailure(error)) return error;
    log?.warn({ err: error, bucket: Bucket, key }, 'media store failed');
    return unavailable();
  };
  const checked = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`bad media key ${key}`);
    return key;
  };
  /** The object's size, or null when there is none; the store's own errors are thrown as they are. */
  const headSize = async (key: string): Promise<number | null> => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checked(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  const size = (key: string) => headSize(key).catch((error: unknown) => Promise.reject(failed(error, key, storageUnreadable)));

  return {
    async put(key, data, contentType) {
      try {
        if ((await headSize(key)) !== null) {
          // Already there, byte for byte: what was handed over is not needed.
          if (Buffer.isBuffer(data)) return;
          if (data instanceof Readable) data.destroy();
          else await fs.rm(data.file, { force: true });
          return;
        }
        // Streams go up in parts (5 MB, a few at a time): a large video is never held in memory.
        const body = Buffer.isBuffer(data) || data instanceof Readable ? data : createReadStream(data.file);
        await new Upload({ client, params: { Bucket, Key: checked(key), Body: body, ContentType: contentType, CacheControl: IMMUTABLE } }).done();
      } catch (error) {
        // A stream the store did not take is closed here, so its file is not held open.
        if (data instanceof Readable) data.destroy();
        throw failed(error, key, storageUnavailable);
      }
      // Moved in, as the local disk's rename does: the local file is gone afterwards.
      if (!Buffer.isBuffer(data) && !(data instanceof Readable)) await fs.rm(data.file, { force: true });
    },
    exists: async (key) => (await size(key)) !== null,
    async remove(key) {
      // S3 answers a delete of a missing key with success too.
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: checked(key) }));
      } catch (error) {
        throw failed(error, key, storageUnavailable);
      }
    },
    async read(key, range) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checked(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
        return object.Body as Readable;
      } catch (error) {
        if (isMissing(error)) throw new Error(`no media file ${key} in the bucket`, { cause: error });
        throw failed(error, key, storageUnreadable);
      }
    },
    size,
    url: (key) => `${MEDIA_URL_PREFIX}${key}`,
  };
}

/** Whether the bucket answers, checked at start: a mistake in the settings stops the server with a reason. */
export async function checkBucket(config: S3StoreConfig, client = s3Client(config)): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    const status = statusOf(error);
    const reason =
      status === 404
        ? 'there is no such bucket: create it, or correct S3_BUCKET'
        : status === 403
          ? 'access was denied: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and what they may do'
          : status === 301
            ? 'the bucket is in another region: correct S3_REGION'
            : `${error instanceof Error ? error.message : String(error)}: check S3_ENDPOINT and S3_FORCE_PATH_STYLE`;
    throw new Error(`MEDIA_STORE=s3: the bucket "${config.bucket}" at ${config.endpoint ?? `AWS S3 (${config.region})`} did not answer; ${reason}.`, { cause: error });
  }
}
