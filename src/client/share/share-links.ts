// Where each network's share page lives, and how its window opens (spec 1 §9 sizes).
import { TWEET, type PopupSize } from '../../shared/share/constants';
import type { SharePopoverData } from '../../shared/share/types';

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

/** The text a tweet starts with: what the post is about, then its link. */
export const defaultTweet = (data: Pick<SharePopoverData, 'post_summary'>) =>
  data.post_summary ? `${data.post_summary} ${TWEET.urlToken}` : TWEET.urlToken;

/** A mail-program link for visitors who cannot use the email form (spec 1 §6). */
export function mailtoUrl(data: Pick<SharePopoverData, 'post_url' | 'post_summary' | 'tumblelog_name'>): string {
  const subject = `A post from ${data.tumblelog_name}`;
  const body = data.post_summary ? `${data.post_summary}\n\n${data.post_url}` : data.post_url;
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/** window.open features for a popup of this size, centred over the current window. */
export function popupFeatures(size: PopupSize, win: Pick<Window, 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'> = window): string {
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - size.width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - size.height) / 2));
  // noopener: the network's page gets no handle on this one.
  return `popup=yes,width=${size.width},height=${size.height},left=${left},top=${top},noopener`;
}

export function openSharePopup(url: string, name: string, size: PopupSize) {
  window.open(url, name, popupFeatures(size));
}
