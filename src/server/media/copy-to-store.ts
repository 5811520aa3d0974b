// Copying media files from a local folder (DATA_DIR/media, what the local disk store wrote) into
// another store, for `npm run media:to-s3`. Keys are content-addressed, so a key already in the
// store holds the same bytes: it is skipped, and a second run copies nothing.
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { mimeOfStoredExt } from './formats';
import { MEDIA_URL_PREFIX, type MediaStorage } from './storage';
import { mediaRef } from './urls';

export interface CopyCounts {
  copied: number;
  /** Already in the store. */
  present: number;
  /** Files that are not media (a write cut off half way, something put there by hand): left alone. */
  ignored: number;
}

/** Files copied at once: the store's round trips overlap, and the disk is read a few files at a time. */
const PARALLEL = 4;

/** The keys of the media files under `root` (`ab/cd/<sha256>-<label>.<ext>`), and how many others there are. */
async function localKeys(root: string): Promise<{ keys: string[]; ignored: number }> {
  const entries = await fs.readdir(root, { withFileTypes: true, recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const keys: string[] = [];
  let ignored = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (mediaRef(MEDIA_URL_PREFIX + key, '') && mimeOfStoredExt(path.extname(key).slice(1))) keys.push(key);
    else ignored++;
  }
  return { keys: keys.sort(), ignored };
}

/** Copies every media file under `root` that `store` lacks; the local files stay. */
export async function copyLocalMedia(root: string, store: MediaStorage, onProgress?: (counts: CopyCounts) => void): Promise<CopyCounts> {
  const { keys, ignored } = await localKeys(root);
  const counts: CopyCounts = { copied: 0, present: 0, ignored };
  let next = 0;
  const worker = async () => {
    while (next < keys.length) {
      const key = keys[next++]!;
      if (await store.exists(key)) {
        counts.present++;
      } else {
        await store.put(key, createReadStream(path.join(root, key)), mimeOfStoredExt(path.extname(key).slice(1))!);
        counts.copied++;
      }
      onProgress?.(counts);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return counts;
}
