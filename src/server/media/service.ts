// An upload, once on disk and checked: processed by kind, stored by content hash, recorded once
// per user and file (the same file sent twice answers the same row).
import type { AppContext } from '../context';
import type { MediaRow } from '../db/tables/media';
import { readAudio } from './audio';
import { probe, type VideoTools } from './ffmpeg';
import { brokenFile, noFfmpeg } from './formats';
import { imageLimits, processImage } from './images';
import { ensureVideoJob, insertMedia, jobOfMedia, mediaBySha } from './queries';
import type { ReceivedFile } from './receive';
import { mediaKey } from './storage';
import { pokeVideoJobs } from './video-jobs';
import { uploadView, type UploadedMedia } from './views';
import type { Log } from '../log';

async function answer(ctx: AppContext, row: MediaRow): Promise<UploadedMedia> {
  if (row.kind !== 'video') return uploadView(row);
  // A video sent again whose conversion failed is given another go.
  const job = await ensureVideoJob(ctx.db, row.id);
  if (job.state === 'queued') pokeVideoJobs(ctx);
  return uploadView(row, job);
}

async function storeImage(ctx: AppContext, userId: string, upload: ReceivedFile) {
  const image = await processImage(ctx.media, upload.file, upload.sha256, { ...imageLimits(ctx.config.media), field: upload.field });
  return insertMedia(ctx.db, {
    user_id: userId,
    kind: 'image',
    sha256: upload.sha256,
    mime: image.mime,
    bytes: upload.bytes,
    width: image.main.width,
    height: image.main.height,
    sizes: image.sizes,
    meta: { url: image.main.url, orig_width: image.origWidth, orig_height: image.origHeight, ...(image.frames > 1 ? { frames: image.frames } : {}) },
  });
}

async function storeAudio(ctx: AppContext, userId: string, upload: ReceivedFile, log: Log<'warn'>) {
  const info = await readAudio(ctx.media, upload.file, { sha256: upload.sha256, limits: imageLimits(ctx.config.media), field: upload.field, warn: (o, m) => log.warn(o, m) });
  const key = mediaKey(upload.sha256, 'orig', upload.format.ext);
  await ctx.media.put(key, { file: upload.file }, upload.format.mime);
  return insertMedia(ctx.db, {
    user_id: userId,
    kind: 'audio',
    sha256: upload.sha256,
    mime: upload.format.mime,
    bytes: upload.bytes,
    width: null,
    height: null,
    sizes: [],
    meta: { url: ctx.media.url(key), ...info },
  });
}

async function storeVideo(ctx: AppContext, userId: string, upload: ReceivedFile, tools: VideoTools | null) {
  if (!tools) throw noFfmpeg(upload.field);
  // A quick look now, so a file that only starts like a video is refused here, not in the job.
  const probed = await probe(tools, upload.file);
  if (!probed) throw brokenFile('video', upload.field);
  const key = mediaKey(upload.sha256, 'orig', upload.format.ext);
  await ctx.media.put(key, { file: upload.file }, upload.format.mime);
  const stored = await ctx.db.transaction().execute(async (trx) => {
    const result = await insertMedia(trx, {
      user_id: userId,
      kind: 'video',
      sha256: upload.sha256,
      mime: upload.format.mime,
      bytes: upload.bytes,
      width: probed.width,
      height: probed.height,
      sizes: [],
      meta: { url: ctx.media.url(key), duration: probed.duration },
    });
    await ensureVideoJob(trx, result.row.id);
    return result;
  });
  pokeVideoJobs(ctx);
  return stored;
}

/** Stores a received file for a user and answers the upload (spec 1 §7 Media calls). */
export async function storeUpload(ctx: AppContext, userId: string, upload: ReceivedFile, tools: VideoTools | null, log: Log<'warn'>): Promise<UploadedMedia> {
  const existing = await mediaBySha(ctx.db, userId, upload.sha256);
  if (existing) return answer(ctx, existing);
  const kind = upload.format.kind;
  const { row } =
    kind === 'image'
      ? await storeImage(ctx, userId, upload)
      : kind === 'audio'
        ? await storeAudio(ctx, userId, upload, log)
        : await storeVideo(ctx, userId, upload, tools);
  return kind === 'video' ? uploadView(row, await jobOfMedia(ctx.db, row.id)) : uploadView(row);
}
