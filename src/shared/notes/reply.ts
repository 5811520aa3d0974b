import { REPLY_MAX_LENGTH } from './types';

export const REPLY_MESSAGES = {
  empty: 'Write something to reply.',
  tooLong: `Replies can be at most ${REPLY_MAX_LENGTH} characters long.`,
} as const;

/**
 * Characters as a person counts them (and as the database's char_length does): code points, so
 * an emoji is one, not the two UTF-16 units of String.length.
 */
export const replyLength = (text: string) => [...text].length;

/** Says what is wrong with a reply's text (after trimming), or null when it can be sent. */
export function replyTextProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0) return REPLY_MESSAGES.empty;
  if (replyLength(trimmed) > REPLY_MAX_LENGTH) return REPLY_MESSAGES.tooLong;
  return null;
}

/** Issue 26.3: a reply may carry one photo, on a post that allows photo replies. Not spec texts. */
export const PHOTO_REPLY_MESSAGES = {
  turnedOff: 'This post does not take photo replies: its author turned them off.',
  notUploaded: 'photo must be the address of an image you uploaded here. Upload it again.',
  onePhoto: 'A reply carries one photo: send the address of one image you uploaded as photo.',
  altWithoutPhoto: "photo_alt describes the reply's photo: send it with photo.",
  missing: 'reply_text is missing: write the reply, or add a photo.',
} as const;

/** A reply's problem: its words (none needed when it carries a photo), or null when it can be sent. */
export function replyProblem(text: string, hasPhoto: boolean): string | null {
  if (hasPhoto && text.trim().length === 0) return null;
  return replyTextProblem(text);
}
