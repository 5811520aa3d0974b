// The notes of a post and the post actions' answers (spec 1 §7 "Post action calls"), shared by
// the server's notes area and the client's action bar.
import type { PostBlog } from '../posts/types';

/** A note from an account on another server (federation): who, and where the reply is there. */
export interface RemoteNoteAuthor {
  /** name@host, without the leading @. */
  handle: string;
  name: string;
  icon_url: string | null;
  profile_url: string | null;
  /** A reply's address on its server, when it gave one. */
  url: string | null;
}

/**
 * One note: a like, a reblog (with what the reblogger added) or a reply. A note from elsewhere
 * carries `remote`; its `blog` then names the account (name: the handle) and links nowhere here.
 */
export type Note = { remote?: RemoteNoteAuthor } & (
  | { type: 'like'; timestamp: number; blog: PostBlog }
  | {
      type: 'reblog';
      timestamp: number;
      blog: PostBlog;
      /** The reblog post, and the comment its blog added (sanitized HTML, '' when none). */
      post_id: string;
      post_url: string;
      added_html: string;
    }
  | {
      type: 'reply';
      timestamp: number;
      blog: PostBlog;
      reply_id: string;
      reply_text: string;
      /** Issue 24.8: the names written as "@name" in the text that link to their blog (existing, not suspended), lowercase. */
      mentions: string[];
      /** Issue 26.3: the photo the reply carries (the replier's upload), or null. */
      photo: ReplyPhotoView | null;
    });

/** A reply's photo as shown: its address, its size when known, and what it shows ('' when not said). */
export interface ReplyPhotoView {
  url: string;
  width: number | null;
  height: number | null;
  alt_text: string;
}

/** GET /svc/post/notes?post_id=&before=: newest first; `next` is the `before` of the next page. */
export interface NotesPage {
  notes: Note[];
  next: string | null;
  note_count: number;
}

/** POST /svc/like and /svc/unlike. */
export interface LikeResponse {
  liked: boolean;
  note_count: number;
}

/** POST /fast_reblog. */
export interface FastReblogResponse {
  post_id: string;
  /** 'published' or 'queued' (the queue flag). */
  state: 'published' | 'queued';
  reblogged: true;
  post_tumblelog: { name_or_id: string; avatar: string };
  /** The reblogged post's notes after this reblog, as a like or a reply answers: the footer shows it at once. */
  note_count: number;
}

/** POST /svc/reply. */
export interface ReplyResponse {
  note: Extract<Note, { type: 'reply' }>;
  note_count: number;
}

/** POST /svc/promote and /svc/unpromote. */
export interface PromoteResponse {
  is_promoted: boolean;
  /** The promotion's budget of impressions and how many were served (issue 17, shared/ads). */
  budget: number;
  spent: number;
}

export const REPLY_MAX_LENGTH = 500;
export const NOTES_PAGE_SIZE = 20;
