// The spam rule (docs/api.md "Spam rule"; spec 2 §6 is_possible_spam), decided once, when a
// conversation starts: its first message is possible spam for the recipient when the recipient
// does not follow the sending blog and either the message carries a link or an image, or the
// sender has started many conversations today. Only the recipient's side is marked; it stays
// until the recipient marks it spam or deletes it.
import type { ParticipantRow } from './views';

/** New conversations in the day's window beyond which a stranger's first message looks like spam. */
export const MANY_NEW_CONVERSATIONS = 10;

/** http(s) addresses and bare www. addresses, as people paste them. */
const LINK = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]/i;

interface FirstMessage {
  type: string;
  text: string;
}

/**
 * `recipient` is the other blog as the sender sees it: is_blog_following_you says whether the
 * recipient's owner follows the sending blog.
 */
export function looksLikeSpam(message: FirstMessage, recipient: Pick<ParticipantRow, 'is_blog_following_you'>, startedToday: number): boolean {
  if (recipient.is_blog_following_you) return false;
  return message.type === 'IMAGE' || LINK.test(message.text) || startedToday > MANY_NEW_CONVERSATIONS;
}
