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
