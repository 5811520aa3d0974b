// Messaging constants from spec 2 §9 (and the texts of §8 that the client picks from), used by
// server and client alike. Copy changes from the spec only. The server's limits and the error
// texts it shares with the client live in api.ts and errors.ts; they are named here, not copied.
import { MESSAGE_TEXT_MAX, POLLING_FREQUENCY_CONVERSATION_SECONDS, POLLING_FREQUENCY_INBOX_SECONDS } from './limits';
import { MESSAGING_TEXTS } from './errors';

/** Poll interval multipliers while only the inbox is open, applied one per poll that found nothing. */
export const INBOX_POLL_MULTIPLIERS = [1, 1, 2, 2, 4] as const;
/** Poll interval multipliers while a conversation is open. */
export const CONVERSATION_POLL_MULTIPLIERS = [1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 8, 8, 8, 8, 16] as const;
/** Base frequencies (seconds) when server data gives none: the inbox poller's and the base poller's. */
export const DEFAULT_POLLING_FREQUENCY_INBOX_S = POLLING_FREQUENCY_INBOX_SECONDS;
export const DEFAULT_POLLING_FREQUENCY_CONVERSATION_S = POLLING_FREQUENCY_CONVERSATION_SECONDS;
/** Polling stops once consecutive errors exceed this. */
export const POLL_MAX_ERRORS = 3;
/** Typing resets the poll rate and polls at once, at most once in this time. */
export const TYPING_POLL_RESET_MS = 30_000;
/** Opening a conversation shows 0 unread for this long, whatever a poll says meanwhile. */
export const UNREAD_OVERRIDE_MS = 500;

export const DESKTOP_NOTIFICATION_MS = 5000;
export const INBOX_ANIMATION_MS = 100;
export const CONVERSATION_ANIMATION_MS = 250;
export const PERSIST_FLUSH_MS = 50;

/** Favorites appended below an inbox list this short (server data may change it). */
export const INBOX_FAVORITES_APPEND_LIMIT = 3;
/** Spec 2 §2: the favorites' titles, in the compose view and below the inbox list; either reads
 *  'Recently Followed' when the server says the list holds only blogs recently followed. */
export const FAVORITES_TITLE = 'Favorites';
export const MORE_TUMBLRS_TITLE = 'More Tumblrs to talk to';
export const RECENTLY_FOLLOWED_TITLE = 'Recently Followed';
export const INBOX_FAVORITES_SHOWN = 5;
export const FAVORITES_DEFAULT_LIMIT = 8;
export const EMPTY_INBOX_GRID_PER_ROW = 4;
/** A next inbox page exists only when the list has at least this many items. */
export const INBOX_PAGE_THRESHOLD = 10;
export const SCROLL_THRESHOLD_PX = 50;
export const PREVIEW_MAX_CHARS = 100;
export const UNREAD_BADGE_MAX = 99;

export const STORAGE_KEY_OPEN = (userName: string) => `messaging:${userName}:open`;
export const STORAGE_KEY_MINIMIZED = (userName: string) => `messaging:${userName}:minimized`;
/** Windows restored after a reload come back one after the other, this far apart. */
export const RESTORE_STAGGER_MS = 150;

export const IMAGE_MAX_BYTES_DEFAULT = 10_485_760;
export const DEFAULT_THUMBNAIL_WIDTH = 250;

export const COMPOSE_MAX_LENGTH = MESSAGE_TEXT_MAX;
export const COMPOSE_PLACEHOLDERS = [
  'Say your thing',
  'Type something…',
  'Go ahead, say it',
  'Share your thoughts',
  'Write a message',
] as const;
export const OFFLINE_PLACEHOLDER = 'Currently offline';

/** A timestamp header when the gap to the previous message exceeds this. */
export const TIMESTAMP_HEADER_GAP_MS = 3_600_000;
/** Consecutive messages of one participant within this collapse together. */
export const COLLAPSE_WINDOW_MS = 60_000;
export const PILL_BOTTOM_THRESHOLD_PX = 80;
export const PILL_MAX = 99;
export const PILL_SCROLL_MS = 500;
export const MINIMIZED_BADGE_MAX = 99;
/** The unread fetch asks for min(10, unread + 5) messages. */
export const unreadFetchLimit = (unread: number) => Math.min(10, unread + 5);
export const MESSAGE_FLY_IN_MS = 500;
// Spec 2 §9, the message look.
/** A bubble wider than this share of its list takes the list's full width. */
export const FULL_WIDTH_BUBBLE_RATIO = 0.6;
/** A post sent in (or linked from) a message shows its thumbnail this wide. */
export const POST_REF_THUMBNAIL_WIDTH = 210;
/** A picked sticker shows this wide in the window before it is sent. */
export const STICKER_PREVIEW_PX = 250;
/** Inbox rows draw the sender's theme colour with this brightness adjustment (towards white). */
export const INBOX_SENDER_THEME_BRIGHTNESS = 0.3;
export const COMPOSE_ANIMATION_MS = 200;
export const PREVIEW_CLOSE_DELAY_MS = 150;
/** The minimized container is capped to the window's height minus this. */
export const MINIMIZED_HEIGHT_OFFSET_PX = 89;

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_LOADER_DELAY_MS = 250;

// Spec 2 §8, exact texts.
export const TEXT_COULD_NOT_LOAD = MESSAGING_TEXTS.couldNotLoad;
export const TEXT_CANNOT_RECEIVE = MESSAGING_TEXTS.cannotReceive;
export const TEXT_VERIFY_EMAIL = MESSAGING_TEXTS.unverifiedEmail;
export const textOnlyFollowed = MESSAGING_TEXTS.followersOnly;
export const TEXT_ONLY_TO_FOLLOWED = MESSAGING_TEXTS.followToSend;
export const TEXT_DAILY_LIMIT = MESSAGING_TEXTS.dailyLimit;
/** Generic fetch failures, one at random ('Something went screwy.' is the spec's; the rest in its voice). */
export const GENERIC_ERRORS = [
  'Something went screwy.',
  'Well, that didn’t work.',
  'Hmm. Something broke.',
  'Oops. That conversation wandered off.',
  'Welp. The tubes are clogged.',
  'Something went sideways.',
  'That did not go as planned.',
  'Uh-oh. Try that again?',
  'Blip. That didn’t load.',
  'Our hamsters tripped. Try again?',
  'Nope, not this time.',
  'The internet hiccupped.',
  'Well, that was unexpected.',
  'That one got lost in the mail.',
  'Whoops. The messages took a nap.',
  'Something’s off. Give it another go.',
  'Hrm. That didn’t come through.',
  'Dang. The wires got crossed.',
  'That fizzled. Try once more?',
  'Nothing came back. Odd.',
  'Technical trouble. Hang tight and retry.',
  'Oof. That hit a snag.',
  'The server shrugged.',
  'Not quite. One more try?',
] as const;
export const SEND_RETRY_TEXTS = [
  "Hrm. Post didn't send.",
  "Blegh. Post didn't send.",
  "Fffft. Post didn't send.",
  "Welp. Post didn't send.",
  'Sending machine broke.',
] as const;
export const TEXT_CANNOT_SEND_POST = "Can't send this post.";
export const TEXT_POST_GONE = "sent a post that's no longer available";
export const EMPTY_SEARCH_TEXTS = ["That isn't anyone.", 'Uh, who?', 'Huh what?', "Never heard of 'em.", '???', 'Eh?', 'Whaaa?'] as const;
