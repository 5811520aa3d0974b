import { TWEET } from './constants';

export interface TweetCount {
  /** Characters left; negative when over the limit. */
  remaining: number;
  /** Fewer than 10 left (or over): the counter turns to its warning style. */
  warning: boolean;
  /** The tweet may be sent: not over the limit, and not empty. */
  valid: boolean;
}

/** The length Twitter will count: each [URL] token becomes a short link of 24 characters. */
export function tweetLength(text: string): number {
  const tokens = text.split(TWEET.urlToken).length - 1;
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  return [...text].length - tokens * TWEET.urlToken.length + tokens * TWEET.urlLength;
}

/** Spec 1 §5: limit 140; warning under 10 remaining; invalid below 0 or at exactly 140 (empty). */
export function countTweet(text: string): TweetCount {
  const remaining = TWEET.limit - tweetLength(text);
  return {
    remaining,
    warning: remaining < TWEET.warnUnder,
    valid: remaining >= 0 && remaining !== TWEET.limit,
  };
}

/**
 * Spec 2 §5, the send-a-post popover's tweet: at most 140, and a URL (an address written out, or
 * the [URL] token standing for the post's) counts as 23.
 */
export const SEND_POST_TWEET = { limit: 140, urlLength: 23 } as const;
const URLS = /https?:\/\/\S+|\[URL\]/g;

export function sendPostTweetLength(text: string): number {
  const urls = text.match(URLS) ?? [];
  const rest = text.replace(URLS, '');
  return [...rest].length + urls.length * SEND_POST_TWEET.urlLength;
}

/** Characters left (negative when over) and whether the tweet may go: above 0 and at most 140. */
export function countSendPostTweet(text: string): { remaining: number; valid: boolean } {
  const length = sendPostTweetLength(text);
  return { remaining: SEND_POST_TWEET.limit - length, valid: length > 0 && length <= SEND_POST_TWEET.limit };
}

/** Spec 2 §5: a Facebook message is optional, at most 255 characters. */
export const FACEBOOK_MESSAGE_MAX = 255;
