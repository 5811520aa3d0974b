// Images, stickers and GIFs in a conversation window (spec 2 §3, §5, §9): what the window accepts,
// the exact refusal texts, and the preview image that waits in the strip above compose.
import type { GifItem } from '../../shared/search/gif';
import { IMAGE_MAX_BYTES_DEFAULT, DEFAULT_THUMBNAIL_WIDTH } from '../../shared/messaging/constants';

export const PREVIEW_IN_MS = 300;
export const PREVIEW_OUT_MS = 200;
export const PREVIEW_MAX_WIDTH = 210;
export const PREVIEW_MAX_HEIGHT = 150;
export const BLUR_REVEAL_MS = 300;
export const STICKER_PREVIEW_PX = 250;
export const STICKER_GRID_PX = 100;
export const GIF_RESULT_LIMIT = 200;
export const GIF_RESULT_WIDTH = DEFAULT_THUMBNAIL_WIDTH;

export const TEXT_INVALID_FILE_TYPE = 'Invalid file type.';
export const textImageTooBig = (maxBytes: number) => `Image must be smaller than ${Math.floor(maxBytes / 1048576)}MB`;
export const TEXT_FILE_IS_OFF = 'Something about that file is off. Try sending something else.';
export const TEXT_BLURRED = "Blurred because you don't follow this Tumblr yet. Click to reveal.";

/** The window takes these formats only (the inbox takes any image/*). */
const WINDOW_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
const WINDOW_TYPES = ['image/jpeg', 'image/png', 'image/gif'];

/** Why a file cannot go into a conversation window, or null when it can. */
export function windowFileError(file: File, maxBytes: number = IMAGE_MAX_BYTES_DEFAULT): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  // Either the name or the declared type must say it; a pasted image often has no useful name.
  const known = WINDOW_EXTENSIONS.includes(extension) || (extension === '' && WINDOW_TYPES.includes(file.type));
  if (!known || (file.type !== '' && !WINDOW_TYPES.includes(file.type))) return TEXT_INVALID_FILE_TYPE;
  if (file.size > maxBytes) return textImageTooBig(maxBytes);
  if (file.size === 0) return TEXT_FILE_IS_OFF;
  return null;
}

/** Why a file cannot be sent from the inbox (image/* only), or null. */
export function inboxFileError(file: File, maxBytes: number = IMAGE_MAX_BYTES_DEFAULT): string | null {
  if (!file.type.startsWith('image/')) return TEXT_INVALID_FILE_TYPE;
  if (file.size > maxBytes) return textImageTooBig(maxBytes);
  return null;
}

/** Spec 2 §3 "Preview image": what waits in the strip until it is sent or removed. */
export interface PreviewImage {
  url: string;
  width: number;
  height: number;
  context: 'messaging-image-upload' | 'messaging-gif';
  /** An uploaded file (sent as multipart `data`). */
  file?: File;
  /** A GIF from the search (sent by its post). */
  gif?: GifSelection;
  /** Issue 24.4: what the image shows, sent as alt_text. */
  alt?: string;
}

/** Spec 2 §3 "GIF selection". */
export interface GifSelection {
  postId: string;
  postBlogUuid: string;
  mediaUrl: string;
  width: number;
  height: number;
}

/** The media url with its width label swapped to 250 (…-640.gif or …_640.gif → …-250.gif / …_250.gif). */
export const gifUrlAt250 = (url: string) => url.replace(/([-_])(\d+|orig)(\.\w+)(\?.*)?$/, `$1${GIF_RESULT_WIDTH}$3$4`);

/** A search result as a selection: only with a post id and that post's blog uuid (spec 2 §5). */
export function gifSelection(item: GifItem): GifSelection | null {
  const postBlogUuid = item.rootPostUrl === item.postUrl ? item.rootBlogKey : '';
  if (!item.postId || !postBlogUuid) return null;
  const width = item.width ?? GIF_RESULT_WIDTH;
  const height = item.height ?? GIF_RESULT_WIDTH;
  // A GIF no wider than 250 has no 250 size of its own: it goes as it is.
  if (width <= GIF_RESULT_WIDTH) return { postId: item.postId, postBlogUuid, mediaUrl: item.mediaUrl, width, height };
  return {
    postId: item.postId,
    postBlogUuid,
    mediaUrl: gifUrlAt250(item.mediaUrl),
    width: GIF_RESULT_WIDTH,
    height: Math.round((height * GIF_RESULT_WIDTH) / width),
  };
}

/** Scales a size down (never up) to fit the strip's 210 × 150. */
export function fitPreview(width: number, height: number) {
  if (!width || !height) return { width: PREVIEW_MAX_WIDTH, height: PREVIEW_MAX_HEIGHT };
  const scale = Math.min(1, PREVIEW_MAX_WIDTH / width, PREVIEW_MAX_HEIGHT / height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** Reads an image file's size in the browser; a file that will not decode is "off". */
export function previewFromFile(file: File): Promise<PreviewImage> {
  const url = URL.createObjectURL(file);
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ url, width: image.naturalWidth, height: image.naturalHeight, context: 'messaging-image-upload', file });
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error(TEXT_FILE_IS_OFF));
    };
    image.src = url;
  });
}

/** The last file of a drop or paste (spec 2 §4: the last one wins). */
export const lastFile = (files: FileList | File[] | null | undefined): File | null => {
  if (!files || files.length === 0) return null;
  return (Array.isArray(files) ? files[files.length - 1] : files.item(files.length - 1)) ?? null;
};

/** Spec 2 §4: a drop is taken only with no image in preview, when the window can send and shows no error. */
export const canDropFile = (state: { hasPreview: boolean; canSend: boolean; hasError: boolean }) =>
  !state.hasPreview && state.canSend && !state.hasError;

/** Files dropped on a minimized window's tab, waiting for that window to open (by window id). */
export const pendingDrops = new Map<string, File>();
/** Files picked in the inbox: the window takes them by the inbox's rule (any image/*), not its own. */
export const inboxFiles = new WeakSet<File>();
