// `npm run media:to-s3`, run as an operator would, against an S3-protocol server on loopback.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, TEST_BUCKET, type TestS3Server } from '../test/s3-server';
import { localMediaStorage, mediaKey } from './storage';
import { filesUnder, png } from './test-files';

const run = promisify(execFile);
let s3: TestS3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-copy-'));
});
afterAll(async () => {
  await s3?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

/** The command's output, run on `dataDir` with the test bucket as its store. */
async function copyCommand() {
  const { stdout } = await run(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/media-to-s3.ts'], {
    env: { ...process.env, ...s3.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    timeout: 60_000,
  });
  return stdout;
}

const bucketBytes = async (key: string) => Buffer.from(await (await s3.client.send(new GetObjectCommand({ Bucket: TEST_BUCKET, Key: key }))).Body!.transformToByteArray());

describe('npm run media:to-s3', () => {
  it('copies the local media folder into the bucket and leaves it in place; a second run copies nothing', async () => {
    const local = localMediaStorage(path.join(dataDir, 'media'));
    const files = await Promise.all(['#010203', '#040506'].map((colour) => png(40, 30, colour)));
    const keys = files.map((data) => mediaKey(createHash('sha256').update(data).digest('hex'), '40', 'png'));
    await Promise.all(files.map((data, i) => local.put(keys[i]!, data, 'image/png')));
    // A write a crash cut off: not a media file, so not copied.
    await fs.writeFile(path.join(dataDir, 'media', `${keys[0]}.0b7e1c2a-2f4e-4c55-9a1b-3c0d5e6f7a8b.part`), 'half');

    expect(await copyCommand()).toMatch(/Copied 2 files; 0 were in the bucket already; 1 other files left alone\./);
    expect(await s3.keys()).toEqual([...keys].sort());
    for (const [i, key] of keys.entries()) expect((await bucketBytes(key)).equals(files[i]!)).toBe(true);
    expect(await copyCommand()).toMatch(/Copied 0 files; 2 were in the bucket already; 1 other files left alone\./);
    expect(await filesUnder(path.join(dataDir, 'media'))).toHaveLength(3);
  });
});
