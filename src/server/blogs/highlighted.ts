// The blog card's recent posts (spec 1 §2, §3 highlighted_posts): a few small snippets, read in
// one query on posts_blog_feed_covering_idx, whatever the blog's size.
import type { PostContent } from '../../shared/posts/types';
import type { HighlightedPost } from '../../shared/types';
import type { Db } from '../db/schema';
import { htmlToPlainText } from '../posts/sanitize';
import { postUrl } from '../posts/views';
import { publicPost } from '../visibility';

export const HIGHLIGHTED_COUNT = 3;
export const SUMMARY_MAX = 140;
/** Card thumbnails are about 100 px wide: the smallest stored size at least this wide stays sharp. */
const THUMBNAIL_MIN_WIDTH = 200;

/** The blog's newest published, public posts: what anyone may see on its page. */
export const highlightedRows = (db: Db, blogId: string) =>
  db
    .selectFrom('posts')
    .select(['id', 'type', 'slug', 'content'])
    .where('blog_id', '=', blogId)
    .where(publicPost('posts'))
    .orderBy('publish_id', 'desc')
    .limit(HIGHLIGHTED_COUNT)
    .execute();

const cut = (text: string) => (text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1).trimEnd()}…` : text);

/** The words a snippet shows: a title where the type has one, else the start of its text. */
export function summaryOf(content: PostContent): string {
  const text = (...parts: (string | null | undefined)[]) => parts.map((part) => part?.trim() ?? '').find(Boolean) ?? '';
  switch (content.type) {
    case 'text':
      return cut(text(content.title, htmlToPlainText(content.body_html)));
    case 'photo':
      return cut(htmlToPlainText(content.caption_html));
    case 'quote':
      return cut(htmlToPlainText(content.quote_html));
    case 'link':
      return cut(text(content.title, content.excerpt, content.url));
    case 'chat':
      return cut(text(content.title, content.lines.map((line) => `${line.label} ${line.phrase}`.trim()).join(' ')));
    case 'audio':
      return cut(text([content.track_artist, content.track_title].filter(Boolean).join(' – '), htmlToPlainText(content.caption_html)));
    case 'video':
      return cut(htmlToPlainText(content.caption_html));
    case 'note':
      return cut(text(content.question, htmlToPlainText(content.answer_html)));
  }
}

// Stored HTML comes out of sanitize-html, which always writes attributes in double quotes.
const FIRST_IMAGE = /<img\b[^>]*\ssrc="([^"]+)"/i;

/** A picture for the snippet, or null. */
export function thumbnailOf(content: PostContent): string | null {
  switch (content.type) {
    case 'photo': {
      const photo = content.photos[0];
      if (!photo) return null;
      // Sizes come largest first; the 75 px square is below the minimum.
      const fitting = (photo.sizes ?? []).filter((size) => size.width >= THUMBNAIL_MIN_WIDTH).at(-1);
      return fitting?.url ?? photo.url;
    }
    case 'link':
      return content.thumbnail;
    case 'audio':
      return content.album_art;
    case 'video':
      return content.poster_url ?? null;
    case 'text':
      return FIRST_IMAGE.exec(content.body_html)?.[1]?.replace(/&amp;/g, '&') ?? null;
    default:
      return null;
  }
}

export function highlightedView(
  row: { id: string; type: string; slug: string; content: PostContent },
  blogName: string,
  publicUrl: string,
): HighlightedPost {
  return {
    id: row.id,
    post_url: postUrl(publicUrl, blogName, row),
    type: row.type,
    summary: summaryOf(row.content),
    thumbnail_url: thumbnailOf(row.content),
  };
}
