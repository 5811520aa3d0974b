// The media endpoints (spec 1 §7 Media calls; docs/api.md "Media"): an upload, a video's player
// data, and the files themselves under /media/, each served only to whom may see it.
import fs from 'node:fs';
import { z } from 'zod';
import { uploadAnswerSchema, videoDataSchema } from '../../shared/answers/media';
import { postIdField } from '../../shared/ids';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { clientAddress } from '../limits/client-address';
import { countUploadBytes, takeUploadAllowance } from '../limits/uploads';
import { mediaAccess } from './access';
import { MediaErrorCode } from './formats';
import { receiveUpload } from './receive';
import { mediaNotFound, serveMedia } from './serve';
import { storeUpload } from './service';
import { uploadTempDir } from './temp-files';
import { mediaRef } from './urls';
import { videoData } from './video-data';

// Image messages (messaging/) write their files where uploads do.
export { uploadTempDir };

const videoDataBody = z
  .object({
    post_id: postIdField('post_id').optional(),
    url: z.string().trim().min(1).max(2000).optional(),
  })
  .refine((input) => input.post_id !== undefined || input.url !== undefined, { message: 'Say which video: send post_id or url.' });



export const mediaEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/media/upload',
    area: 'media',
    summary:
      'Uploads one image, audio file or video (multipart; the file in photo, file, audio or video, an optional type hint): stored by its content hash, answered as a list of one upload.',
    access: 'user',
    answer: uploadAnswerSchema,
    errors: [ErrorCode.rateLimited, ErrorCode.unsupportedMediaType, ...Object.values(MediaErrorCode), ErrorCode.unavailable],
    // The form key comes in the X-Form-Key header: the body is read by the handler, after the check.
    options: { multipart: true },
    handle: async ({ ctx, request, reply, viewer }) => {
      const tools = await ctx.videoTools;
      let upload;
      try {
        await takeUploadAllowance(ctx, viewer.user.id, clientAddress(request));
        upload = await receiveUpload(request, { tempDir: uploadTempDir(ctx), limits: ctx.config.media, videoEnabled: tools !== null });
      } catch (error) {
        // The rest of a refused body is not read: the connection closes after the answer.
        reply.header('connection', 'close');
        throw error;
      }
      try {
        await countUploadBytes(ctx, viewer.user.id, upload.bytes);
        return [await storeUpload(ctx, viewer.user.id, upload, tools, request.log)];
      } finally {
        await fs.promises.rm(upload.file, { force: true });
      }
    },
  }),

  endpoint({
    method: 'POST',
    path: '/svc/post/get_video_data',
    area: 'media',
    summary: "What a player needs of a video post or a video address (an embed's, or an upload's with its conversion state); asked again while there is no thumbnail yet.",
    access: 'user',
    body: videoDataBody,
    answer: videoDataSchema,
    errors: [ErrorCode.notFound, MediaErrorCode.notFound],
    handle: ({ ctx, viewer, body }) => videoData(ctx, viewer, body),
  }),

  endpoint({
    method: 'GET',
    path: '/media/*',
    area: 'media',
    summary:
      'An uploaded file, or one made from it, by its content-addressed name: to everyone while a public post shows it; otherwise only to who uploaded it or owns a post or conversation that shows it.',
    access: 'anyone',
    answer: {
      raw: 'file',
      description: "The file, typed by its name's extension, in byte ranges on request (206). A public file is cached by anyone for a year; one only its owner may see, by their browser alone.",
    },
    errors: [ErrorCode.notFound, ErrorCode.routeNotFound],
    options: { head: true },
    handle: async ({ ctx, request, reply, viewer }) => {
      // Who may fetch the file, before it is read (media/access.ts): one indexed query. Files are
      // named by content hash, so they never change under their URL: a public one is cached by
      // anyone for a year; one only its owner may see is cached by their browser alone, and asked
      // for again, so that it is not kept once it is no longer theirs to see.
      const ref = mediaRef(request.url, ctx.config.publicUrl);
      const access = ref ? await mediaAccess(ctx.db, ref.sha256, viewer?.user.id ?? null) : 'hidden';
      if (!ref || access === 'hidden') throw mediaNotFound();
      // From whichever store keeps media (the local disk or a bucket), with its cache headers,
      // ranges and HEAD (media/serve.ts).
      return serveMedia(ctx, ref.key, request, reply, access);
    },
  }),
];
