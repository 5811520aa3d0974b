// Work files of uploads and conversions: written under DATA_DIR/tmp while they are made, so moving
// one into storage is a rename; whatever a process left behind when it died is swept at start.
import fs from 'node:fs';
import path from 'node:path';

/** Where uploads are written while they arrive (media uploads and image messages). */
export const uploadTempDir = (ctx: { dataDir: string }) => path.join(ctx.dataDir, 'tmp', 'uploads');

/** Work files a process left when it died (an upload cut off, a conversion killed): gone after a day. */
export async function sweepStaleTemp(dataDir: string, olderThanMs = 86_400_000) {
  const dir = path.join(dataDir, 'tmp');
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  const cutoff = Date.now() - olderThanMs;
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
  }
}
