// An S3-protocol server for the tests (s3rver), on loopback and a free port, keeping its objects
// in a temporary folder: the S3 media store's tests run against it, never a real bucket.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { freePort } from './free-port';

export const TEST_BUCKET = 'media';

export interface TestS3Server {
  /** The environment that points the app's media store at this server. */
  env: Record<string, string>;
  client: S3Client;
  /** Every key in the bucket, sorted. */
  keys(): Promise<string[]>;
  /** Stops answering (the store is down) and starts again on the same port, with the same objects. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

export async function startS3Server(): Promise<TestS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-s3-'));
  const port = await freePort();
  let server: S3rver | null = null;
  const start = async () => {
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: TEST_BUCKET }] });
    await server.run();
  };
  const stop = async () => {
    await server?.close();
    server = null;
  };
  await start();
  const env = {
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: TEST_BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  const keys = async () => {
    const found: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: TEST_BUCKET, ContinuationToken: token }));
      found.push(...(page.Contents ?? []).map((object) => object.Key!));
      token = page.NextContinuationToken;
    } while (token);
    return found.sort();
  };
  return {
    env,
    client,
    keys,
    stop,
    start,
    close: async () => {
      client.destroy();
      await stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
