import { mentionedNames } from '../../shared/notes/mentions';
import type { Note } from '../../shared/notes/types';
import type { BlogRow } from '../db/tables/blog';
import { postBlogView, postUrl } from '../hydration/post-views';
import type { NoteRow } from './queries';

/** A note as JSON: a pure function of its row and its blog; null when the blog is gone. */
export function noteView(
  row: Pick<NoteRow, 'kind' | 'us' | 'blog_id' | 'item_id' | 'text' | 'slug'> & { photo?: NoteRow['photo'] },
  blogs: Map<string, BlogRow>,
  publicUrl: string,
  /** The blogs a reply's "@name" may link to (rules/blogs.ts mentionableBlogs). */
  mentionable: ReadonlySet<string> = new Set(),
): Note | null {
  const blog = blogs.get(row.blog_id);
  if (!blog) return null;
  // Unix seconds, like the activity notifications' timestamps (spec 1 §3).
  const timestamp = Math.floor(Number(row.us) / 1_000_000);
  const blogView = postBlogView(blog, publicUrl);
  switch (row.kind) {
    case 'like':
      return { type: 'like', timestamp, blog: blogView };
    case 'reblog':
      return {
        type: 'reblog',
        timestamp,
        blog: blogView,
        post_id: row.item_id!,
        post_url: postUrl(publicUrl, blog.name, { id: row.item_id!, slug: row.slug ?? '' }),
        added_html: row.text ?? '',
      };
    case 'reply':
      return {
        type: 'reply',
        timestamp,
        blog: blogView,
        reply_id: row.item_id!,
        reply_text: row.text ?? '',
        mentions: mentionedNames(row.text ?? '').filter((name) => mentionable.has(name)),
        photo: row.photo ? { url: row.photo.url, width: row.photo.width, height: row.photo.height, alt_text: row.photo.alt } : null,
      };
  }
}
