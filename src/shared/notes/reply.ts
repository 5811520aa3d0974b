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
