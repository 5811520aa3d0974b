// Validation messages of the post form (spec 1 §5), to the letter. Server and client both use them.

export const POST_MESSAGES = {
  textEmpty: 'Post body empty.',
  noPhotos: 'No photos specified.',
  uploadsInProgress: 'Uploads in progress.',
  noQuote: 'No quote.',
  loadingOpenGraph: 'Loading OpenGraph data.',
  noUrl: 'No url.',
  invalidUrl: 'Not a valid URL',
  noChat: 'No chat.',
  noAudio: 'Please choose an audio source before continuing.',
  needPermission: 'You must agree that you have permission to share this file.',
  noVideo: 'No video specified.',
  noEmbed: 'No embed specified.',
  directEmbedMissing: 'Direct embed missing.',
  noQuestion: 'Post question empty.',
  pendingImages: 'There are still pending images.',
  invalidState: 'Invalid "state" value',
  discardNew: 'Discard this post?',
  discardEdit: 'Discard edits to this post?',
  loadFailed: 'Sorry, we seem to be having technical trouble. Please try again later.',
} as const;

/** Spec 1 §5: 'Invalid "x" type. Expected ..., got ...'. */
export const invalidTypeMessage = (field: string, expected: string, got: unknown) =>
  `Invalid "${field}" type. Expected ${expected}, got ${got === null ? 'null' : Array.isArray(got) ? 'array' : typeof got}`;

export const PHOTO_MAX = 10;
export const PHOTO_CAPTION_MAX = 200;

/** Issue 24.4: the longest alt text of a photo in a post or of an image in a message. */
export const ALT_TEXT_MAX = 1000;
/** Not a spec text: what a too-long alt text is refused with (400, nothing saved). */
export const altTextTooLong = (what: string, length: number) =>
  `The alt text of ${what} is ${length.toLocaleString('en')} characters long; it can be at most ${ALT_TEXT_MAX.toLocaleString('en')}.`;
