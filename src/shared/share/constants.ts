// Share constants from spec 1 §5 and §9 ("Share"), used by server and client alike.

/** Email share: the address and message limits, and the reply-to switch's cookie. */
export const SHARE_EMAIL = {
  addressMax: 100,
  messageMax: 255,
  /** Remembers the 'Let them reply to' switch. */
  replyToCookie: 'share_allow_reply_to',
  replyToCookieMaxAgeSeconds: 31_536_000,
  /** Emailed shares one person may send per hour (post and blog shares together). */
  perHour: 10,
} as const;

/** A post in a line of share text: post_summary, the Pinterest description, an emailed share. */
export const SHARE_SUMMARY_MAX = 100;

/** Twitter text counter (spec 1 §5): each [URL] token counts as a short link of 24. */
export const TWEET = {
  limit: 140,
  urlToken: '[URL]',
  urlLength: 24,
  /** Below this many characters left, the counter shows its warning style. */
  warnUnder: 10,
} as const;

export interface PopupSize {
  width: number;
  height: number;
}

/** Share windows of the networks (spec 1 §9); Pinterest's comes with the share data. */
export const SHARE_POPUPS = {
  twitter: { width: 626, height: 258 },
  facebook: { width: 626, height: 436 },
  reddit: { width: 860, height: 600 },
  pinterest: { width: 750, height: 550 },
} as const satisfies Record<string, PopupSize>;

/** After 'Sent!', the popover waits this long, then fades out over SHARE_FADE_MS. */
export const SHARE_FADE_DELAY_MS = 1250;
export const SHARE_FADE_MS = 150;

/** The status labels of the share forms (spec 1 §4 and §8). */
export const SHARE_STATUS = {
  sending: 'Sending...',
  sent: 'Sent!',
  error: 'Error!',
} as const;

/** The width of the embed iframe: the post column. */
export const EMBED_WIDTH = 540;
export const EMBED_HEIGHT = 600;
