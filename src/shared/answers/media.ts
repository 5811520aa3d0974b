// Answer schemas of uploads and videos (POST /svc/media/upload, POST /svc/post/get_video_data),
// checked against the types the client reads, as in answers/post.ts.
import { z } from 'zod';
import type { VideoDataAnswer } from '../players/constants';
import type { MediaSizeView } from '../posts/types';
import { mediaSizeSchema } from './post';

const text = z.string();
const count = z.number();

export type UploadedKind = 'image' | 'audio' | 'video';
export type VideoState = 'processing' | 'ready' | 'failed';

/** One upload (docs/api.md "Media"): the one item of POST /svc/media/upload's `response`. */
export interface UploadedMedia {
  media_id: string;
  type: UploadedKind;
  url: string;
  width: number | null;
  height: number | null;
  sizes: MediaSizeView[];
  mime: string;
  bytes: number;
  // Audio
  track_title?: string;
  track_artist?: string;
  track_album?: string;
  album_art_url?: string | null;
  duration?: number | null;
  // Video
  job_id?: string;
  state?: VideoState;
  error?: string;
  poster_url?: string | null;
  mp4_url?: string | null;
  hd_url?: string | null;
  filmstrip?: MediaSizeView | null;
}

const videoState = z.enum(['processing', 'ready', 'failed']);

export const uploadedMediaSchema: z.ZodType<UploadedMedia> = z.object({
  media_id: text,
  type: z.enum(['image', 'audio', 'video']),
  url: text,
  width: count.nullable(),
  height: count.nullable(),
  sizes: z.array(mediaSizeSchema),
  mime: text,
  bytes: count,
  track_title: text.optional(),
  track_artist: text.optional(),
  track_album: text.optional(),
  album_art_url: text.nullable().optional(),
  duration: count.nullable().optional(),
  job_id: text.optional(),
  state: videoState.optional(),
  error: text.optional(),
  poster_url: text.nullable().optional(),
  mp4_url: text.nullable().optional(),
  hd_url: text.nullable().optional(),
  filmstrip: mediaSizeSchema.nullable().optional(),
});

/** The upload answers a list of one (spec 1 §7 Media calls: the first item is the upload). */
export const uploadAnswerSchema: z.ZodType<UploadedMedia[]> = z.array(uploadedMediaSchema);

export const videoDataSchema: z.ZodType<VideoDataAnswer> = z.object({
  embed_url: text,
  embed_width: count,
  embed_height: count,
  thumbnail: text.nullable(),
  hd_url: text.nullable().optional(),
  duration: count.nullable().optional(),
  filmstrip: mediaSizeSchema.nullable().optional(),
  state: videoState.optional(),
  error: text.optional(),
});
