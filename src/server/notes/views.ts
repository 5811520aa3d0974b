import { mentionedNames } from '../../shared/notes/mentions';
import type { Note } from '../../shared/notes/types';
import type { BlogRow } from '../db/tables/blog';
import { postBlogView, postUrl } from '../hydration/post-views';
import type { NoteRow } from './queries';

/** An account elsewhere as a note names it (federation). */
export interface NoteActor {
  id: string;
  handle: string;
  name: string;
  icon_url: string | null;
  url: string | null;
}

/** A note from an account elsewhere: the account for its blog, its reply's words as they came. */
function remoteNoteView(row: Pick<NoteRow, 'kind' | 'item_id' | 'text' | 'url'>, actor: NoteActor, timestamp: number): Note {
  const remote = { handle: actor.handle, name: actor.name, icon_url: actor.icon_url, profile_url: actor.url, url: row.url };
  const blog = { name: actor.handle, uuid: '', title: actor.name, url: actor.url ?? '', avatar_url: actor.icon_url ?? '', is_adult: false };
  switch (row.kind) {
    case 'like':
      return { type: 'like', timestamp, blog, remote };
    case 'reblog':
      return { type: 'reblog', timestamp, blog, post_id: row.item_id!, post_url: actor.url ?? '', added_html: '', remote };
    case 'reply':
      return { type: 'reply', timestamp, blog, reply_id: row.item_id!, reply_text: row.text ?? '', mentions: [], photo: null, remote };
  }
}

/** A note as JSON: a pure function of its row and its blog (or account elsewhere); null when that is gone. */
export function noteView(
  row: Pick<NoteRow, 'kind' | 'us' | 'blog_id' | 'item_id' | 'text' | 'slug'> & { photo?: NoteRow['photo'] } & Partial<Pick<NoteRow, 'actor_id' | 'url'>>,
  blogs: Map<string, BlogRow>,
  publicUrl: string,
  /** The blogs a reply's "@name" may link to (rules/blogs.ts mentionableBlogs). */
  mentionable: ReadonlySet<string> = new Set(),
  actors: ReadonlyMap<string, NoteActor> = new Map(),
): Note | null {
  // Unix seconds, like the activity notifications' timestamps (spec 1 §3).
  if (row.actor_id) {
    const actor = actors.get(row.actor_id);
    return actor ? remoteNoteView({ ...row, url: row.url ?? null }, actor, Math.floor(Number(row.us) / 1_000_000)) : null;
  }
  const blog = row.blog_id ? blogs.get(row.blog_id) : undefined;
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
