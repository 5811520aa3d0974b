// Messaging's numbers and names on the wire (spec 2 §7, §9) with no schema library behind them: the
// client's first load reads some (the header's unread badge), and importing them from api.ts would
// bring zod along with its schemas.

/** Spec 2 §9: compose max length; the server trims and refuses anything longer. */
export const MESSAGE_TEXT_MAX = 4096;
/** Spec 2 §7: base poll frequencies the server hands out, in seconds (inbox, open conversation). */
export const POLLING_FREQUENCY_INBOX_SECONDS = 15;
export const POLLING_FREQUENCY_CONVERSATION_SECONDS = 60;
/** Conversations and messages per page. */
export const CONVERSATIONS_PAGE = 10;
export const MESSAGES_PAGE = 20;
export const MESSAGES_PAGE_MAX = 50;
/** participant_suggestions: default and largest `limit` (spec 2 §9: favorites default limit 8). */
export const SUGGESTIONS_DEFAULT = 8;
export const SUGGESTIONS_MAX = 20;
/** flag=post: the extra suggested recipients (recent conversations) beside the favorites. */
export const SUGGESTED_RECIPIENTS = 5;
/** New conversations one user may start per day (LIMIT_NEW_CONVERSATIONS_PER_DAY moves it). */
export const NEW_CONVERSATIONS_PER_DAY = 50;
/** The message contexts the server keeps (spec 2 §5); anything else is dropped. */
export const MESSAGE_CONTEXTS = ['post-chrome', 'messaging-gif', 'messaging-image-upload'] as const;
/** Types a message may have; IMAGE and STICKER arrive with the second messaging issue. */
export const MESSAGE_TYPES = ['TEXT', 'POSTREF', 'IMAGE', 'STICKER'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];
export const SENDABLE_TYPES = ['TEXT', 'POSTREF'] as const;

/** Spec 2 §5: only the first colon-separated segment, and only a known context; else none. */
export function messageContext(raw: string | undefined): string | null {
  const first = (raw ?? '').split(':')[0]!.trim();
  return (MESSAGE_CONTEXTS as readonly string[]).includes(first) ? first : null;
}
