// The video job runner: one job at a time per server process, claimed from the database with
// FOR UPDATE SKIP LOCKED so several processes share the work. A running job touches its row every
// minute; a job whose process died (no touch for STALE_MS) is taken again after a restart.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'kysely';
import type { AppContext } from '../context';
import { claimJob } from '../db/claim-job';
import { startPoller, type Poller } from '../poller';
import { probe, type VideoTools } from './ffmpeg';
import { mergeMediaMeta } from './queries';
import { keyOfUrl } from './storage';
import { convertVideo } from './transcode';
import { finishWaitingPosts } from './waiting-posts';
import type { Log } from '../log';

export const STALE_MS = 10 * 60_000;
const HEARTBEAT_MS = 60_000;
/** A conversion is tried this many times before the job (and its posts) fail. */
export const MAX_ATTEMPTS = 2;
/** One conversion step may take this long (a 500 MB upload on a slow machine) before it is stopped. */
const STEP_TIMEOUT_MS = 60 * 60_000;

interface ClaimedJob {
  id: string;
  media_id: string;
  attempts: number;
}

/** The oldest queued job, or one whose runner stopped touching it: marked running, attempt counted. */
export const claimVideoJob = (ctx: AppContext, now = new Date()) =>
  claimJob<ClaimedJob>(ctx.db, { table: 'video_jobs', waiting: 'queued', staleMs: STALE_MS }, ['id', 'media_id', 'attempts'], now);

/** The job ends (done or failed) and its waiting posts move on, in one transaction (see watchVideo). */
async function endJob(ctx: AppContext, job: ClaimedJob, state: 'done' | 'failed', error: string | null) {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.updateTable('video_jobs').set({ state, error, updated_at: new Date() }).where('id', '=', job.id).execute();
    await finishWaitingPosts(trx, job.media_id);
  });
}

/** The uploaded file as a local path: storage's own file, or a copy when storage is remote. */
async function localInput(ctx: AppContext, key: string, workDir: string): Promise<string> {
  if (ctx.media.pathOf) return ctx.media.pathOf(key);
  const copy = path.join(workDir, `input${path.extname(key)}`);
  await pipeline(await ctx.media.read(key), createWriteStream(copy));
  return copy;
}

/** Runs one claimed job to its end. An abort (the server stopping) puts it back in the queue. */
export async function runVideoJob(ctx: AppContext, tools: VideoTools, job: ClaimedJob, log: Log<'info' | 'error'>, signal?: AbortSignal): Promise<'done' | 'failed' | 'retry' | 'stopped'> {
  if (job.attempts > MAX_ATTEMPTS) {
    await endJob(ctx, job, 'failed', 'The conversion stopped several times without finishing.');
    return 'failed';
  }
  const workDir = path.join(ctx.dataDir, 'tmp', 'video-jobs', `${job.id}-${randomUUID()}`);
  const heartbeat = setInterval(() => {
    ctx.db.updateTable('video_jobs').set({ updated_at: new Date() }).where('id', '=', job.id).execute().catch(() => {});
  }, HEARTBEAT_MS);
  heartbeat.unref();
  try {
    const media = await ctx.db.selectFrom('media').selectAll().where('id', '=', job.media_id).executeTakeFirstOrThrow();
    const key = keyOfUrl(media.meta.url ?? '');
    if (!key) throw new Error('the upload has no stored file');
    await fs.mkdir(workDir, { recursive: true });
    const input = await localInput(ctx, key, workDir);
    const options = { signal, timeoutMs: STEP_TIMEOUT_MS };
    const probed = await probe(tools, input, options);
    if (!probed) throw new Error('ffprobe found no video stream');
    const { width, height, ...outputs } = await convertVideo(tools, ctx.media, input, media.sha256, probed, workDir, options);
    await mergeMediaMeta(ctx.db, media.id, outputs, { width, height });
    await endJob(ctx, job, 'done', null);
    log.info({ job: job.id, media: media.id }, 'video converted');
    return 'done';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (signal?.aborted) {
      // Not the video's fault: it goes back to the queue without using up an attempt.
      await ctx.db
        .updateTable('video_jobs')
        .set({ state: 'queued', attempts: sql<number>`greatest(attempts - 1, 0)`, updated_at: new Date() })
        .where('id', '=', job.id)
        .execute();
      return 'stopped';
    }
    log.error({ job: job.id, err: error }, 'video conversion failed');
    if (job.attempts >= MAX_ATTEMPTS) {
      await endJob(ctx, job, 'failed', message.slice(0, 1000));
      return 'failed';
    }
    await ctx.db.updateTable('video_jobs').set({ state: 'queued', error: message.slice(0, 1000), updated_at: new Date() }).where('id', '=', job.id).execute();
    return 'retry';
  } finally {
    clearInterval(heartbeat);
    await fs.rm(workDir, { recursive: true, force: true });
  }
}

/** Runs jobs until none is left (or `signal` aborts); the ids of the jobs it ran. Tests call this directly. */
export async function runVideoJobsOnce(ctx: AppContext, tools: VideoTools, log: Log<'info' | 'error'>, signal?: AbortSignal): Promise<string[]> {
  const ran: string[] = [];
  while (!signal?.aborted) {
    const job = await claimVideoJob(ctx);
    if (!job) break;
    ran.push(job.id);
    await runVideoJob(ctx, tools, job, log, signal);
  }
  return ran;
}

/** The runner of each app in this process, to start a pass at once when an upload queues a job. */
const runners = new WeakMap<AppContext, Poller>();

/** A job was queued here: the runner (if this process has one) takes it now rather than at its next poll. */
export function pokeVideoJobs(ctx: AppContext) {
  runners.get(ctx)?.poke();
}

/**
 * Starts the runner in this process: a pass every `intervalMs` (jobs queued by other processes,
 * jobs left by a stopped one) and one at once when this process queues a job. The returned stop
 * ends the conversion in progress (its job goes back to the queue) and waits for the pass to finish.
 */
export function startVideoJobs(ctx: AppContext, tools: Promise<VideoTools | null>, log: Log<'info' | 'error'>, intervalMs = 5_000) {
  const poller = startPoller({
    tick: async (signal) => {
      const found = await tools;
      if (found) await runVideoJobsOnce(ctx, found, log, signal);
    },
    intervalMs,
    onError: (error) => log.error({ err: error }, 'video job pass failed'),
  });
  runners.set(ctx, poller);
  return async () => {
    runners.delete(ctx);
    await poller.stop();
  };
}
