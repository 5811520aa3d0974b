// Activity of a blog (spec 1 §3 "Activity notification", §4 "Activity popover"), shared by the
// server's activity area and the client's popover and page.
import type { AnyPostType } from '../posts/types';

/**
 * The types the activity list shows: the spec's whitelist (spec 1 §5) and new_post, which tells a
 * subscriber that a subscribed blog posted (issue: subscribers are notified). Anything else stored
 * under another name is never shown.
 */
export const SHOWN_ACTIVITY_TYPES = [
  'answer',
  'ask',
  'ask_answer',
  'fanmail',
  'follower',
  'like',
  'note_mention',
  'photo_reply',
  'post_attribution',
  'reblog',
  'reply',
  'user_mention',
  'new_post',
  // Asks and submissions (issue 14): a post submitted to the blog, and a submission the blog declined.
  'submission',
  'submission_declined',
] as const;
export type ActivityType = (typeof SHOWN_ACTIVITY_TYPES)[number];

/** Notes on the blog's posts: what the sparkline counts per day. */
export const NOTE_ACTIVITY_TYPES = ['like', 'reblog', 'reply', 'photo_reply', 'post_attribution'] as const satisfies readonly ActivityType[];

/** Notifications per page of the popover and the activity page. */
export const ACTIVITY_PAGE_SIZE = 20;
/** Days in the sparkline, oldest first. */
export const SPARKLINE_DAYS = 30;
/** Unread counts stop here: the badge shows '99+' above 99, so counting further buys nothing. */
export const UNREAD_COUNT_CAP = 100;
/** Avatar size of the activity popover (spec 1 §9). */
export const ACTIVITY_AVATAR_SIZE = 96;

/** Who did it. Absent on a notification when it was anonymous ('Anonymous'). */
export interface ActivityBlog {
  name: string;
  title: string;
  /** Size 96 (spec 1 §9). */
  avatar_url: string;
  url: string;
  is_adult: boolean;
  /** A blog of the viewer: no Follow link (spec 1 §6). */
  is_own: boolean;
  /** The viewer follows it. */
  following: boolean;
}

/** The post the activity is about (the one liked, reblogged, replied to, mentioning you). */
export interface ActivityPost {
  url: string;
  /** The name of the blog it is on. */
  tumblelog: string;
  id: string;
  type: AnyPostType;
  /** A small picture of it: the first photo, or the album art. */
  media_url: string | null;
  video_thumbnail_url: string | null;
  is_ask: boolean;
  is_answer: boolean;
  /** A line of its text, at most 100 characters. */
  summary: string;
}

/** The post the activity made: a reblog, or a subscribed blog's new post. */
export interface ActivityNewPost {
  url: string;
  tumblelog: string;
  id: string;
  /** What it adds: the reblogger's comment, or the start of a new post's text. */
  diff: string;
}

export interface ActivityNoteMeta {
  answer_text?: string;
  reply_text?: string;
}

/** An account elsewhere as an activity names it: name@host and its profile there. */
export interface ActivityRemoteAccount {
  handle: string;
  name: string;
  icon_url: string | null;
  url: string | null;
}

export interface ActivityNotification {
  /** Time-sortable id: the `before` of the next page and the `id` of POST .../seen. */
  id: string;
  type: ActivityType;
  /** Unix seconds. */
  timestamp: number;
  /** A sentence a person reads, e.g. 'night-sky liked your post'. */
  message: string;
  /** Newer than what the owner last marked seen. */
  unread: boolean;
  from_tumblelog?: ActivityBlog;
  /** Who did it, when that was an account on another server (federation). */
  from_remote?: ActivityRemoteAccount;
  post?: ActivityPost;
  new_post?: ActivityNewPost;
  note_meta?: ActivityNoteMeta;
}

/** GET /svc/activity/{blogName}?before=: newest first; `next` is the `before` of the next page. */
export interface ActivityPage {
  notifications: ActivityNotification[];
  next: string | null;
}

/** POST /svc/activity/{blogName}/seen. */
export interface ActivitySeenResponse {
  activity_seen_id: string;
  activity_unread: number;
}

/** Notes per day for the last 30 days, oldest first. */
export interface ActivityData {
  sparkline: number[];
}

/** What GET /svc/data/tumblelog adds for the blog's owner with include_member_data. */
export interface MemberData {
  is_owner: true;
  is_primary: boolean;
  is_current: boolean;
  can_send_messages: boolean;
  /** Unread messages (messaging arrives later). */
  unread_count: number;
  /** Unread notifications, counted up to 100. */
  activity_unread: number;
  activity_seen_id: string;
}

/** The owner-only fields of GET /svc/data/tumblelog, each present when its include_ flag is on. */
export interface TumblelogOwnerData {
  member_data?: MemberData;
  activity_data?: ActivityData;
  activity_notifications?: ActivityNotification[];
}
