// Writing a file so that readers never see half of it and writers never trip over each other:
// the bytes go to a temporary name no other write shares, in the same folder (so the rename stays
// on one file system), then are renamed into place. Media keys and cache names say what the file
// holds, so a file already in place with the same bytes is the same file: that is success.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A temporary name beside `file`, unique across writes, processes and hosts sharing a folder. */
export const tempNameFor = (file: string) => `${file}.${randomUUID()}.part`;

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** True when both files hold the same bytes. */
export async function sameBytes(a: string, b: string): Promise<boolean> {
  const [sizeA, sizeB] = await Promise.all([fs.stat(a), fs.stat(b)]).then(
    (stats) => stats.map((s) => s.size),
    () => [-1, -2],
  );
  if (sizeA !== sizeB) return false;
  const [hashA, hashB] = await Promise.all([sha256Of(a), sha256Of(b)]);
  return hashA === hashB;
}

/**
 * Renames a finished temporary file to `file`. Where the rename fails (a platform whose rename
 * does not replace, or the file is busy) and the file in place holds the same bytes, the write
 * has happened: the temporary file is removed and that is success.
 */
export async function renameInPlace(temp: string, file: string): Promise<void> {
  try {
    await fs.rename(temp, file);
  } catch (error) {
    const same = await sameBytes(temp, file).catch(() => false);
    await fs.rm(temp, { force: true });
    if (!same) throw error;
  }
}

/** Writes bytes or a stream to `file` through a temporary name of its own. */
export async function writeInPlace(file: string, data: Buffer | Readable): Promise<void> {
  const temp = tempNameFor(file);
  try {
    if (Buffer.isBuffer(data)) await fs.writeFile(temp, data);
    else await pipeline(data, createWriteStream(temp));
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await renameInPlace(temp, file);
}

/**
 * Moves a local file to `file`, and the source is gone afterwards. A rename when both are on one
 * file system; otherwise a copy to a temporary name beside `file`, so no reader sees half of it.
 */
export async function moveInPlace(source: string, file: string): Promise<void> {
  try {
    await fs.rename(source, file);
    return;
  } catch {
    // Another file system (EXDEV), or a rename that does not replace: copy instead.
  }
  const temp = tempNameFor(file);
  try {
    await fs.copyFile(source, temp);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
  await renameInPlace(temp, file);
  await fs.rm(source, { force: true });
}
