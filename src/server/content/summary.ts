// One way to say a post in a line of plain text, and one way to cut text to a length: activity,
// blog cards, share data, reports and link previews all read a post (or a page) the same way.
import type { PostContent } from '../../shared/posts/types';
import type { PostRow } from '../db/tables/post';
import { moduleOf } from './registry';
import { htmlToPlainText } from './sanitize';

/**
 * Text cut to at most `max` UTF-16 units (what a JS string's length, a form's maxlength and our
 * columns count): whitespace collapsed, cut after a whole word when one ends past half of the
 * room, and an ellipsis, counted in `max`, when something was left out. Never splits a surrogate pair.
 */
export function cutText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  let end = max - 1;
  // Do not keep half of a character outside the Basic Multilingual Plane (an emoji, say).
  if (end > 0 && /[\uD800-\uDBFF]/.test(flat[end - 1]!)) end--;
  const cut = flat.slice(0, end);
  // The last word kept is whole when the text goes on with a space.
  const space = flat[end] === ' ' ? end : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A post in a line of plain text, at most `max` long: its first words that say something (the
 * title where its type has one, else the start of its text; see each type's `summary`).
 */
export function postText(content: PostContent, { max }: { max: number }): string {
  return cutText(moduleOf(content).summary(content), max);
}

/**
 * The text the post's own blog wrote in it, one part a line (mentions are read from this). A
 * reblog's content is its parent's: only its comment counts.
 */
export function authoredText(post: Pick<PostRow, 'content' | 'comment_html' | 'reblog_of_id' | 'trail'>): string {
  if (post.reblog_of_id !== null || post.trail.length > 0) return htmlToPlainText(post.comment_html);
  return moduleOf(post.content).authored(post.content).join('\n');
}
