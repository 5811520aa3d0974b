import { createHash } from 'node:crypto';
import { shownGifTags, type GifItem } from '../../shared/search/gif';
import { blogUrl, postUrl } from '../hydration/post-views';
import { isSiteMedia } from '../media/urls';
import type { GifRow } from './gif-queries';

type Photo = GifRow['photos'][number];

/** A photo is a GIF by its recorded type, or else by the name its address ends in. */
export const isGifPhoto = (photo: Photo) =>
  photo.mime === 'image/gif' || /\.gif(?:[?#].*)?$/i.test(photo.url);

/** The post's tag that a search word starts, so a person sees why the GIF was found. */
export function matchedTag(tags: readonly string[], words: readonly string[]): string {
  const shown = shownGifTags(tags.filter((tag) => words.some((word) => tag.toLowerCase().startsWith(word))));
  return shown[0] ?? '';
}

/**
 * Spec 1 §3 "GIF item" for a found post: its first GIF. Only originals are found, so the post is
 * its own root. Null for a post without a GIF the site serves (the search's SQL already skips them).
 */
export function gifItem(row: GifRow, words: readonly string[], publicUrl: string): GifItem | null {
  // Only a GIF the site serves: one linked from elsewhere cannot be sent in a message (issue 22).
  const photo = row.photos.find((p) => isGifPhoto(p) && isSiteMedia(p.url, publicUrl));
  if (!photo) return null;
  const url = postUrl(publicUrl, row.blog_name, row);
  return {
    mediaUrl: photo.url,
    postUrl: url,
    rootPostUrl: url,
    rootPostUrlHash: createHash('sha256').update(url).digest('hex').slice(0, 16),
    rootBlog: row.blog_name,
    rootBlogUrl: blogUrl(publicUrl, row.blog_name),
    rootBlogKey: row.blog_uuid,
    postTags: shownGifTags(row.tags),
    popularSearchTag: matchedTag(row.tags, words),
    width: typeof photo.width === 'number' ? photo.width : null,
    height: typeof photo.height === 'number' ? photo.height : null,
    postBlog: row.blog_name,
    postId: row.id,
  };
}

export function gifItems(rows: readonly GifRow[], words: readonly string[], publicUrl: string): GifItem[] {
  return rows.map((row) => gifItem(row, words, publicUrl)).filter((item): item is GifItem => item !== null);
}
