// Media URLs as people send them back: `/media/ab/cd/<sha256>-<label>.<ext>`, or the same on the
// site's own address. The sha256 in the name finds the upload's row.
import { keyOfUrl, MEDIA_URL_PREFIX } from './storage';

export interface MediaRef {
  /** The path as served, without query or fragment. */
  path: string;
  key: string;
  sha256: string;
  label: string;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/([0-9a-f]{64})-([a-z0-9]+)\.[a-z0-9]+$/;

/** The upload a URL points at, if it is one of ours (relative, or absolute on publicUrl). */
export function mediaRef(url: string, publicUrl: string): MediaRef | null {
  let text = url.trim();
  if (text.startsWith(`${publicUrl}${MEDIA_URL_PREFIX}`)) text = text.slice(publicUrl.length);
  const key = keyOfUrl(text);
  const match = key?.match(KEY);
  if (!key || !match) return null;
  return { path: MEDIA_URL_PREFIX + key, key, sha256: match[1]!, label: match[2]! };
}

/**
 * Whether the site itself serves this address (issue 22): anything else shown to a reader makes
 * their browser call whoever runs that address (a read receipt and IP beacon). Messages send and
 * show only these.
 */
export const isSiteMedia = (url: string, publicUrl: string) => mediaRef(url, publicUrl) !== null;

/**
 * The addresses `isSiteMedia` can accept start with one of these: for a query to narrow by in SQL
 * (a list's page then fills with items that pass), before the rule itself is applied to each.
 */
export const siteMediaPrefixes = (publicUrl: string) => [MEDIA_URL_PREFIX, `${publicUrl}${MEDIA_URL_PREFIX}`] as const;

/** Spec 1 §7: the audio stream URL carries a parameter asking players not to offer a download. */
export const NO_DOWNLOAD_PARAM = 'nodownload=1';
export const streamUrl = (path: string) => `${path}?${NO_DOWNLOAD_PARAM}`;
