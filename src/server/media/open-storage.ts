import path from 'node:path';
import type { Config } from '../config';
import type { Log } from '../log';
import { localMediaStorage, type MediaStorage } from './storage';

/**
 * The media store the configuration names: the local disk under DATA_DIR/media, or (MEDIA_STORE=s3)
 * a bucket, which must answer now: a server that cannot keep uploads does not start.
 */
export async function openMediaStorage(config: Config, log?: Log<'warn'>): Promise<MediaStorage> {
  const s3 = config.mediaStore.s3;
  if (!s3) return localMediaStorage(path.join(config.dataDir, 'media'));
  // The AWS SDK is loaded only by servers that use it.
  const { checkBucket, s3Client, s3MediaStorage } = await import('./s3-storage');
  const client = s3Client(s3);
  await checkBucket(s3, client);
  return s3MediaStorage(s3, client, log);
}
