// Where each network's share page lives, and how its window opens (spec 1 §9 sizes).
import type { PopupSize } from '../../shared/share/constants';
import { defaultTweet as tweetOf } from '../../shared/share/links';
import type { SharePopoverData } from '../../shared/share/types';

export { facebookShareUrl, redditSubmitUrl, twitterIntentUrl } from '../../shared/share/links';

/** The text a tweet starts with: what the post is about, then its link. */
export const defaultTweet = (data: Pick<SharePopoverData, 'post_summary'>) => tweetOf(data.post_summary);

/** A mail-program link for visitors who cannot use the email form (spec 1 §6). */
export function mailtoUrl(data: Pick<SharePopoverData, 'post_url' | 'post_summary' | 'tumblelog_name' | 'tumblelog_share'>): string {
  const subject = data.tumblelog_share ? `The blog ${data.tumblelog_name}` : `A post from ${data.tumblelog_name}`;
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

/**
 * A popup opened now, in the click (later a browser would block it), and sent to its page once the
 * page is known: `go(url)` navigates it (or opens one then, if the blank one was blocked) and cuts
 * its handle on this window; `cancel()` closes it.
 */
export function pendingSharePopup(name: string, size: PopupSize) {
  // Without noopener, to keep the handle that navigates it; opener is cut before it leaves.
  const features = popupFeatures(size).replace(/,noopener$/, '');
  const win = window.open('about:blank', name, features);
  return {
    go(url: string) {
      if (!win || win.closed) return openSharePopup(url, name, size);
      win.opener = null;
      win.location.href = url;
    },
    cancel() {
      win?.close();
    },
  };
}
