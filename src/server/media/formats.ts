// Which files we take, decided from their bytes (file-type), and the messages for the rest.
import type { MediaConfig } from '../config';
import type { MediaKind } from '../db/tables/media';
import { AppError, ErrorCode } from '../http/errors';
import { POST_MESSAGES } from '../../shared/posts/messages';

export interface MediaFormat {
  kind: MediaKind;
  /** The MIME type we store and serve it as. */
  mime: string;
  /** The extension of stored files, which is what the file server picks the Content-Type by. */
  ext: string;
}

/** By file-type's `ext`: only these are accepted. */
const FORMATS: Record<string, MediaFormat> = {
  jpg: { kind: 'image', mime: 'image/jpeg', ext: 'jpg' },
  png: { kind: 'image', mime: 'image/png', ext: 'png' },
  gif: { kind: 'image', mime: 'image/gif', ext: 'gif' },
  webp: { kind: 'image', mime: 'image/webp', ext: 'webp' },
  mp3: { kind: 'audio', mime: 'audio/mpeg', ext: 'mp3' },
  m4a: { kind: 'audio', mime: 'audio/mp4', ext: 'm4a' },
  ogg: { kind: 'audio', mime: 'audio/ogg', ext: 'ogg' },
  opus: { kind: 'audio', mime: 'audio/ogg', ext: 'ogg' },
  oga: { kind: 'audio', mime: 'audio/ogg', ext: 'ogg' },
  wav: { kind: 'audio', mime: 'audio/wav', ext: 'wav' },
  flac: { kind: 'audio', mime: 'audio/flac', ext: 'flac' },
  mp4: { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  m4v: { kind: 'video', mime: 'video/mp4', ext: 'mp4' },
  webm: { kind: 'video', mime: 'video/webm', ext: 'webm' },
  mov: { kind: 'video', mime: 'video/quicktime', ext: 'mov' },
};

export const formatOf = (fileTypeExt: string | undefined): MediaFormat | null => (fileTypeExt && FORMATS[fileTypeExt]) || null;

/** The type a stored file is served as, by the extension of its key. */
export const mimeOfStoredExt = (ext: string): string | null => Object.values(FORMATS).find((format) => format.ext === ext)?.mime ?? null;

export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'audio', 'video'];

export function maxBytesFor(kind: MediaKind, config: MediaConfig): number {
  return kind === 'image' ? config.maxImageBytes : kind === 'audio' ? config.maxAudioBytes : config.maxVideoBytes;
}

/** Stable codes for upload errors (docs/api.md); 61xx, next to the other 6xxx media codes. */
export const MediaErrorCode = {
  tooBig: 6101,
  notValid: 6102,
  tooManyPixels: 6103,
  noFfmpeg: 6104,
  noFile: 6105,
  notFound: 6106,
  videoFailed: 6107,
  tooMuchWork: 6108,
} as const;

/** Spec 1 §5 Upload, word for word. */
export const FILE_TOO_BIG = 'The file is too big. Squish it down, and try again!';
export const VIDEO_FAILED = 'This video could not be converted. Try another file, or paste a link or embed code instead.';
export const NO_FFMPEG = 'Video uploads need ffmpeg on the server, which is not installed. Paste a link or embed code instead.';

/** Spec 1 §5: 'This is not valid %1$s file.', to the letter, with the kind filled in. */
export const notValidMessage = (kind: MediaKind) => `This is not valid ${kind} file.`;

const mediaError = (status: number, code: number, message: string, field = 'photo') =>
  new AppError(status, code, message, [{ code, title: message, field }]);

export const fileTooBig = (field: string) => mediaError(413, MediaErrorCode.tooBig, FILE_TOO_BIG, field);
/** 415: the bytes are not a format we take (or not the kind the upload said). */
export const unsupportedFile = (kind: MediaKind, field: string) => mediaError(415, MediaErrorCode.notValid, notValidMessage(kind), field);
/** 400: the bytes start like a format we take but cannot be read as one. */
export const brokenFile = (kind: MediaKind, field: string) => mediaError(400, MediaErrorCode.notValid, notValidMessage(kind), field);
export const tooManyPixels = (width: number, height: number, max: number, field: string) =>
  mediaError(
    400,
    MediaErrorCode.tooManyPixels,
    `This image is too large to process (${width}×${height}); images can have at most ${Math.round(max / 1_000_000)} megapixels.`,
    field,
  );
/** 400: an animation whose frames, or whose sizes' pixels all told, cost more than we spend on one upload. */
export const tooManyFrames = (frames: number, max: number, field: string) =>
  mediaError(400, MediaErrorCode.tooMuchWork, `This animation has ${frames} frames; images can have at most ${max}. Use fewer frames, and try again.`, field);
export const tooMuchWork = (frames: number, width: number, height: number, field: string) =>
  mediaError(
    400,
    MediaErrorCode.tooMuchWork,
    `This animation is too much to process (${frames} frames of ${width}×${height}). Use fewer frames or a smaller size, and try again.`,
    field,
  );
export const tooSlow = (field: string) =>
  mediaError(400, MediaErrorCode.tooMuchWork, 'This image took too long to process. Try a smaller image, or one with fewer frames.', field);
/** 503: too many images are waiting to be processed; nothing was stored. */
export const imagesBusy = () =>
  new AppError(503, ErrorCode.unavailable, 'The server is busy processing other images. Try again in a minute.', undefined, { 'retry-after': '60' });
export const noFfmpeg = (field: string) => mediaError(400, MediaErrorCode.noFfmpeg, NO_FFMPEG, field);
export const noFile = () =>
  mediaError(400, MediaErrorCode.noFile, 'Choose a file to upload (a multipart form field named photo, file, audio or video).');
export const uploadNotFound = (field: string) =>
  mediaError(404, MediaErrorCode.notFound, 'There is no such upload, or it is not yours to use.', field);

/** Spec 1 §5: a video post's direct (uploaded) video that is not there. */
export const directEmbedMissing = (field: string) => mediaError(404, MediaErrorCode.notFound, POST_MESSAGES.directEmbedMissing, field);
