// Shapes of the JSON the server answers with (spec 1 §3), shared by both sides.
import type { EditorType, Palette } from './constants';
import type { LIMITS } from './constants';
import type { MessagingChannelFields, MessagingUserInfo } from './messaging/api';
import type { FeatureFlags } from './flags';

export interface Envelope<T> {
  meta: { status: number; msg: string };
  response: T;
  errors?: ApiErrorItem[];
}

export interface ApiErrorItem {
  code: number;
  title: string;
  /** The request field the error is about, when there is one. */
  field?: string;
}

export interface GlobalThemeParams {
  background_color: string;
  title_color: string;
  link_color: string;
  title_font: string;
  title_font_weight: 'bold' | 'regular';
  show_title: boolean;
  show_description: boolean;
  show_avatar: boolean;
  avatar_shape: 'circle' | 'square';
  show_header_image: boolean;
  header_image_focused: string | null;
  header_stretch: boolean;
}

/** Blog (tumblelog), keyed by name: the fields that exist so far. */
export interface Blog {
  name: string;
  uuid: string;
  /** Spec 1 §3: what GET /svc/tumblelog_popover/{token} fetches the blog by (its uuid). Always sent by the server. */
  token?: string;
  url: string;
  /** The blog's product-hosted address, whatever its custom domain. */
  blog_view_url: string;
  title: string;
  description_sanitized: string;
  directory_safe_title: string;
  avatar_url: string;
  avatar_url_48: string;
  avatar_url_128: string;
  is_adult: boolean;
  is_current: boolean;
  has_default_header: boolean;
  cname: string | null;
  global_theme_params: GlobalThemeParams;
  /** The viewer's relation to the blog (spec 1 §4), where the answer carries it (FollowState). */
  following?: boolean;
  /** Spec 1 §2: the viewer follows the blog and its owner follows one of the viewer's blogs back. */
  is_friend?: boolean;
  can_subscribe?: boolean;
  is_subscribed?: boolean;
  /** Logged in: a block stands between this blog and one of the viewer's blogs (either way); no Follow then. */
  is_blocked?: boolean;
  /** Messaging (spec 2 §3): false when the blog turned messages off. */
  can_receive_messages?: boolean;
  /** Only to the owner (blog data, settings answer): messages only from blogs the owner follows. */
  messages_from_followed_only?: boolean;
  /** Asks and submissions (spec 2 §3 "Other fields read"): what the blog takes from visitors. */
  // Optional in the type: every blog answer from the server carries them; fixtures need not.
  asks?: boolean;
  anonymous_asks?: boolean;
  ask_page_title?: string;
  submissions?: boolean;
  /** The post types a submission may be (when submissions is on). */
  submission_types?: string[];
  submission_guidelines?: string;
  /** Recent posts shown on the blog card (GET /svc/tumblelog_popover, /svc/{name}/posts/highlighted). */
  highlighted_posts?: HighlightedPost[];
}

/** What a viewer's relation to a blog looks like on the wire (spec 1 §4). */
export interface FollowState {
  following: boolean;
  can_subscribe: boolean;
  is_subscribed: boolean;
}

/** One recent post on a blog card: a small rendered snippet, not the whole post. */
export interface HighlightedPost {
  id: string;
  post_url: string;
  type: string;
  /** Plain text: the title, quote, question or the start of the text, at most 140 characters. */
  summary: string;
  /** A small picture of the post (a photo, link thumbnail, album art, video poster), or null. */
  thumbnail_url: string | null;
}

/** The blog card's data: the blog, the viewer's follow state, and its highlighted posts. */
export type BlogCardData = Blog & FollowState & { highlighted_posts: HighlightedPost[] };

/** A blog of the logged-in user, as listed in user info and the post form builder. */
/** Messaging adds mention_key, is_messaging_bot and unread_messages_count_sum (spec 2 §3 Channel): always sent by the server; optional here so fixtures without them still type. */
export interface Channel extends Blog, Partial<MessagingChannelFields> {
  unread_count: number;
  can_send_messages: boolean;
  is_primary: boolean;
  /** Unread activity notifications, counted up to 100 (the badge shows '99+'); in user info. */
  activity_unread?: number;
}

/** Messaging adds polling_token and the poll frequencies in seconds (spec 2 §3 User, §9): always sent by the server. */
export interface UserInfo extends Partial<MessagingUserInfo> {
  name: string;
  email: string;
  liked_post_count: number;
  friend_count: number;
  channels: Channel[];
  primary: string;
  can_message: boolean;
  is_sounds_enabled: boolean;
  /** Spec 2 §6: desktop notifications for new messages (with the browser's permission); always sent by the server. */
  is_desktop_notifications_enabled?: boolean;
  /** Spec 2 §4: several conversation windows open at once (off: opening one minimizes the others); always sent by the server. */
  is_multi_window_enabled?: boolean;
  /** Issue 24 item 10: the person's colour palette; always sent by the server. */
  palette?: Palette;
  /** Issue 24.4: the post form reminds before a photo goes out without alt text; always sent by the server. */
  is_alt_text_reminder_enabled?: boolean;
  is_verified_email: boolean;
  safe_mode: boolean;
  unread_count: number;
  limits: typeof LIMITS;
  language: string;
  defaultEditorType: EditorType;
  /** Every feature flag (spec 1 §6): its default, or this user's override. */
  features: FeatureFlags;
  /** May use the moderation tools (the switches, the reports list). */
  is_admin: boolean;
}

export interface UserInfoResponse {
  user: UserInfo;
  form_key: string;
}
