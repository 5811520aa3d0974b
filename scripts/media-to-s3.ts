// Copies the media files kept on the local disk (DATA_DIR/media) into the S3-compatible bucket the
// environment names (MEDIA_STORE=s3 and the S3_* settings), before the server is switched to it:
// `MEDIA_STORE=s3 S3_BUCKET=... npm run media:to-s3`. Files already in the bucket are skipped, so
// it can run again (after an interruption, or once more just before the switch). Local files stay.
import path from 'node:path';
import { readConfig } from '../src/server/config';
import { copyLocalMedia } from '../src/server/media/copy-to-store';
import { openMediaStorage } from '../src/server/media/open-storage';

const config = readConfig();
const bucket = config.mediaStore.s3?.bucket;
if (!bucket) {
  console.error('Name the bucket to copy into: MEDIA_STORE=s3, S3_BUCKET and the other S3_* settings (README, Configuration).');
  process.exit(2);
}
const root = path.join(config.dataDir, 'media');
// The store's own error is what the operator needs, not the 'try again later' a person would hear.
const store = await openMediaStorage(config, { warn: (obj, msg) => console.error(`${msg}:`, (obj as { err?: unknown }).err) });
console.log(`Copying media files from ${root} to the bucket "${bucket}"...`);
let shown = 0;
const counts = await copyLocalMedia(root, store, ({ copied, present }) => {
  if (copied + present - shown < 1000) return;
  shown = copied + present;
  console.log(`  ${shown} files so far`);
});
console.log(`Copied ${counts.copied} files; ${counts.present} were in the bucket already; ${counts.ignored} other files left alone.`);
