// Uploads: the spec's texts (spec 1 §5 "Upload", §8) and numbers (§9), and this product's endpoint.
import type { UploadErrorType } from './upload-types';

export const UPLOAD_MESSAGES = {
  fileSize: 'The file is too big. Squish it down, and try again!',
  /** %1$s is the kind of file expected: 'image', 'audio', 'video'. */
  fileType: 'This is not valid %1$s file.',
  network: 'Upload error',
  canceled: 'Canceled upload',
  unknown: 'Woops :(',
} as const;

export const fileTypeMessage = (kind: string) => UPLOAD_MESSAGES.fileType.replace('%1$s', kind);

/** POST multipart/form-data; the answer is the usual envelope whose response is a list of media. */
export const UPLOAD_ENDPOINT = '/svc/media/upload';

// Spec 1 §9 "Upload".
export const UPLOAD_CONCURRENCY = 1;
export const UPLOAD_AUTO = true;
export const UPLOAD_DEFAULT_FIELD = 'photo';
export const UPLOAD_DEFAULT_MEDIA_TYPE = 'image';
export const DRAG_OVER_DEBOUNCE_MS = 100;
export const IMAGE_SHOW_MS = 200;

export type MediaKind = 'image' | 'audio' | 'video';

/**
 * The largest file sent per kind. Not spec numbers: they spare a person a long upload the server
 * would refuse anyway (the server has its own limits and answers 413 with the same message).
 */
export const MAX_UPLOAD_BYTES: Record<MediaKind, number> = {
  image: 20 * 1024 * 1024,
  audio: 50 * 1024 * 1024,
  video: 500 * 1024 * 1024,
};

/**
 * Not spec texts: said next to a refusal (whose message stays the spec's), so the person knows
 * what would be taken.
 */
export const PHOTO_REFUSAL_HINTS: Partial<Record<UploadErrorType, string>> = {
  filesize: `Photos can be up to ${MAX_UPLOAD_BYTES.image / 1024 / 1024} MB each.`,
  filetype: 'Photos can be JPEG, PNG, GIF or WebP images.',
};

/** What each kind accepts, as the file's media type (spec: "an upload pattern"); the server's formats. */
export const ACCEPT_PATTERN: Record<MediaKind, RegExp> = {
  image: /^image\/(jpeg|png|gif|webp)$/,
  // mp3, m4a, ogg, wav, flac under the names browsers give them.
  audio: /^audio\/(mpeg|mp3|mp4|x-m4a|m4a|ogg|opus|wav|wave|x-wav|vnd\.wave|flac|x-flac)$/,
  video: /^video\/(mp4|x-m4v|quicktime|webm)$/,
};

/** The picker's filter: media types and the extensions some systems report no type for. */
export const PICKER_ACCEPT: Record<MediaKind, string> = {
  image: 'image/jpeg,image/png,image/gif,image/webp',
  audio: 'audio/*,.mp3,.m4a,.ogg,.oga,.opus,.wav,.flac',
  video: 'video/mp4,video/quicktime,video/webm,.mp4,.m4v,.mov,.webm',
};
