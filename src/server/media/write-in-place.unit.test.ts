import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filesUnder } from './test-files';
import { localMediaStorage, mediaKey } from './storage';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tumbleweed-write-in-place-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fs.rm(root, { recursive: true, force: true });
});

const KEY = mediaKey('ef'.repeat(32), '640', 'jpg');
const BYTES = Buffer.from('the same rendition, written by several uploads at once');

/** A rename that will not replace a file already there, as on some platforms and network shares. */
function renameThatDoesNotReplace() {
  const rename = fs.rename.bind(fs);
  vi.spyOn(fs, 'rename').mockImplementation(async (from, to) => {
    const there = await fs.access(to).then(
      () => true,
      () => false,
    );
    if (there) throw Object.assign(new Error(`EEXIST: file already exists, rename '${String(from)}'`), { code: 'EEXIST' });
    return rename(from, to);
  });
}

describe('local media storage: writes of one key at once', () => {
  it('stores every write made in the same millisecond, each through its own temporary file', async () => {
    const storage = localMediaStorage(path.join(root, 'media'));
    // The clock stands still: names made from it would all be the same.
    vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    const writes = [
      ...Array.from({ length: 6 }, () => storage.put(KEY, BYTES, 'image/jpeg')),
      ...Array.from({ length: 3 }, () => storage.put(KEY, Readable.from([BYTES]), 'image/jpeg')),
    ];
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect(await fs.readFile(path.join(root, 'media', KEY))).toEqual(BYTES);
    // No temporary file is left beside it.
    expect(await filesUnder(path.join(root, 'media'))).toEqual([KEY]);
  });

  it('takes a file already in place with the same bytes as success, and refuses one with other bytes', async () => {
    const storage = localMediaStorage(path.join(root, 'media'));
    await storage.put(KEY, BYTES, 'image/jpeg');
    renameThatDoesNotReplace();
    await expect(storage.put(KEY, BYTES, 'image/jpeg')).resolves.toBeUndefined();
    await expect(storage.put(KEY, Buffer.from('other bytes under the same key'), 'image/jpeg')).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await fs.readFile(path.join(root, 'media', KEY))).toEqual(BYTES);
    expect(await filesUnder(path.join(root, 'media'))).toEqual([KEY]);
  });

  it('moves an uploaded file in, and takes the same file already in place as success', async () => {
    const storage = localMediaStorage(path.join(root, 'media'));
    const upload = async (name: string) => {
      const file = path.join(root, name);
      await fs.writeFile(file, BYTES);
      return file;
    };
    const first = await upload('first.part');
    await storage.put(KEY, { file: first }, 'image/jpeg');
    renameThatDoesNotReplace();
    const again = await upload('again.part');
    await storage.put(KEY, { file: again }, 'image/jpeg');
    // Both uploads' temporary files are gone; the stored file is whole.
    expect((await fs.readdir(root)).sort()).toEqual(['media']);
    expect(await fs.readFile(path.join(root, 'media', KEY))).toEqual(BYTES);
    expect(await filesUnder(path.join(root, 'media'))).toEqual([KEY]);
  });
});
