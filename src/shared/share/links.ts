// The networks' own share pages (spec 1 §6, spec 2 §7): built from a post's address on the
// server (the answer of POST /svc/share/{network} with a share_fallback) and in the client alike.
import { TWEET } from './constants';

/** The tweet as Twitter receives it: each [URL] becomes the post's address; without one, the address goes along. */
export function twitterIntentUrl(text: string, postUrl: string): string {
  const params = new URLSearchParams();
  if (text.includes(TWEET.urlToken)) {
    params.set('text', text.split(TWEET.urlToken).join(postUrl));
  } else {
    params.set('text', text);
    params.set('url', postUrl);
  }
  return `https://twitter.com/intent/tweet?${params.toString()}`;
}

export const facebookShareUrl = (postUrl: string) => `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: postUrl }).toString()}`;

export const redditSubmitUrl = (postUrl: string, title: string) =>
  `https://www.reddit.com/submit?${new URLSearchParams({ url: postUrl, title }).toString()}`;

/** Pinterest pins a picture: the post's own photo when it has one. */
export function pinterestUrl(postUrl: string, summary: string, image: string | null): string {
  const params = new URLSearchParams({ url: postUrl, description: summary });
  if (image) params.set('media', image);
  return `https://www.pinterest.com/pin/create/button/?${params.toString()}`;
}

/** The text a tweet starts with: what the post is about, then its link. */
export const defaultTweet = (summary: string | null | undefined) => (summary ? `${summary} ${TWEET.urlToken}` : TWEET.urlToken);
