import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { postIdField } from '../../shared/ids';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { clientAddress } from '../limits/client-address';
import { countUploadBytes, takeUploadAllowance } from '../limits/uploads';
import { mediaAccess, type MediaAccess } from './access';
import type { VideoTools } from './ffmpeg';
import { receiveUpload } from './receive';
import { OWNER_CACHE, PUBLIC_CACHE, mediaNotFound, serveMedia } from './serve';
import { storeUpload } from './service';
import { MEDIA_URL_PREFIX } from './storage';
import { mediaRef } from './urls';
import { videoData } from './video-data';

const videoDataSchema = z
  .object({
    post_id: postIdField('post_id').optional(),
    url: z.string().trim().min(1).max(2000).optional(),
  })
  .refine((input) => input.post_id !== undefined || input.url !== undefined, { message: 'Say which video: send post_id or url.' });

/** Where uploads are written while they arrive; under DATA_DIR so moving one into storage is a rename. */
export const uploadTempDir = (ctx: AppContext) => path.join(ctx.dataDir, 'tmp', 'uploads');

/** Work files a process left when it died (an upload cut off, a conversion killed): gone after a day. */
async function sweepStaleTemp(dir: string, olderThanMs = 86_400_000) {
  const entries = await fs.promises.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  const cutoff = Date.now() - olderThanMs;
  for (const entry of entries) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < cutoff) await fs.promises.rm(file, { force: true });
  }
}

/**
 * POST /svc/media/upload, POST /svc/post/get_video_data and GET /media/*. Multipart is parsed in
 * this scope only: everywhere else a multipart body stays a 415.
 */
export async function mediaRoutes(app: FastifyInstance, ctx: AppContext, tools: Promise<VideoTools | null>) {
  void sweepStaleTemp(path.join(ctx.dataDir, 'tmp')).catch((error: unknown) => app.log.warn({ err: error }, 'could not sweep old temporary files'));
  await app.register(async (scope) => {
    // The form key comes in the X-Form-Key header: the body is read by the handler, after the hook.
    await scope.register(multipart, { throwFileSizeLimit: false });
    scope.post('/svc/media/upload', async (request, reply) => {
      const viewer = requireViewer(request);
      const found = await tools;
      let upload;
      try {
        await takeUploadAllowance(ctx, viewer.user.id, clientAddress(request));
        upload = await receiveUpload(request, { tempDir: uploadTempDir(ctx), limits: ctx.config.media, videoEnabled: found !== null });
      } catch (error) {
        // The rest of a refused body is not read: the connection closes after the answer.
        reply.header('connection', 'close');
        throw error;
      }
      try {
        await countUploadBytes(ctx, viewer.user.id, upload.bytes);
        return ok([await storeUpload(ctx, viewer.user.id, upload, found, request.log)]);
      } finally {
        await fs.promises.rm(upload.file, { force: true });
      }
    });
  });

  app.post('/svc/post/get_video_data', async (request) => {
    const viewer = requireViewer(request);
    return ok(await videoData(ctx, viewer.user.id, parse(videoDataSchema, request.body)));
  });

  await app.register(async (scope) => {
    // Who may fetch the file, before it is read (media/access.ts): one indexed query. Files are
    // named by content hash, so they never change under their URL: a public one is cached by
    // anyone for a year; one only its owner may see is cached by their browser alone, and asked
    // for again, so that it is not kept once it is no longer theirs to see.
    scope.addHook('onRequest', async (request, reply) => {
      const ref = mediaRef(request.url, ctx.config.publicUrl);
      const access = ref ? await mediaAccess(ctx.db, ref.sha256, request.viewer?.user.id ?? null) : 'hidden';
      if (access === 'hidden') throw mediaNotFound();
      accessGranted.set(request, access);
      reply.header('cache-control', access === 'public' ? PUBLIC_CACHE : OWNER_CACHE);
      if (access === 'owner') reply.header('vary', 'cookie');
    });
    // From whichever store keeps media (the local disk or a bucket): media/serve.ts.
    scope.route({
      method: ['GET', 'HEAD'],
      url: `${MEDIA_URL_PREFIX}*`,
      handler: (request, reply) => serveMedia(ctx, mediaRef(request.url, ctx.config.publicUrl)!.key, request, reply, accessGranted.get(request)!),
    });
  });
}

/** What the access check let a request see, for the handler that serves it. */
const accessGranted = new WeakMap<FastifyRequest, Exclude<MediaAccess, 'hidden'>>();
