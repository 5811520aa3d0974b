// The stored files of an upload, from the addresses its row keeps: what the purge removes and the
// export copies.
import type { MediaMeta, MediaSize } from '../db/tables/media';
import { keyOfUrl } from '../media/storage';

/** Every key a media row names (its sizes, the file as uploaded, a poster, renditions, album art). */
export function mediaKeysOf(row: { sizes: MediaSize[]; meta: MediaMeta }): string[] {
  const { meta } = row;
  const urls = [
    ...row.sizes.map((s) => s.url),
    meta.url,
    meta.poster_url,
    meta.mp4_url,
    meta.hd_url,
    meta.album_art_url,
    meta.filmstrip?.url,
    ...(meta.album_art_sizes ?? []).map((s) => s.url),
  ];
  return [...new Set(urls.map((u) => (u ? keyOfUrl(u) : null)).filter((k): k is string => k !== null))];
}

/** The one file a person uploaded (what an export holds): the file as uploaded, else its largest size. */
export function originalKeyOf(row: { sizes: MediaSize[]; meta: MediaMeta }): string | null {
  if (row.meta.url) return keyOfUrl(row.meta.url);
  const largest = [...row.sizes].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  return largest ? keyOfUrl(largest.url) : null;
}
