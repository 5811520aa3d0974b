// The JSON of a post as the server answers it (feed pages, fetch, save), shared by both sides.
import type { AppealLevel } from '../appeals';
import type { EditorType, PostType } from '../constants';
import type { PostCta } from './cta';
import type { PostState, StateCode } from './states';

/** Post types: the seven of the post form plus answers to asks ("note"). */
export type AnyPostType = PostType | 'note';

export interface PostBlog {
  name: string;
  uuid: string;
  title: string;
  url: string;
  avatar_url: string;
  is_adult: boolean;
}

export interface PhotoView {
  id: string;
  url: string;
  width: number | null;
  height: number | null;
  caption: string;
  /** Issue 24.4: what the photo shows, for who cannot see it ('' or absent: none was written). */
  alt_text?: string;
  /** For an uploaded image: every stored size, largest first (the client picks one for the space). */
  sizes?: MediaSizeView[];
  /** Spec 1 §3 Live photo: the photo's short video (this image is its keyframe). */
  livephotoUrl?: string;
  /** Seconds into the video that the still image shows; absent: half the duration (spec 1 §9). */
  livephotoStillTime?: number;
}

/** One stored size of an uploaded image or frame strip. */
export interface MediaSizeView {
  width: number;
  height: number;
  url: string;
}

/** What an uploaded video adds to a video post (spec 1 §3 Video options): absent for embeds. */
export interface UploadedVideoFields {
  media_id?: string;
  poster_url?: string | null;
  hd_url?: string | null;
  duration?: number | null;
  filmstrip?: MediaSizeView | null;
  width?: number | null;
  height?: number | null;
}

export interface ChatLine {
  name: string;
  label: string;
  phrase: string;
}

/** What a post shows, by type. Every *_html field is sanitized on the server. */
export type PostContent =
  | { type: 'text'; title: string; body_html: string }
  | { type: 'photo'; photos: PhotoView[]; caption_html: string; layout: string; linkthrough: string | null }
  | { type: 'quote'; quote_html: string; source_html: string }
  | { type: 'link'; title: string; url: string; description_html: string; excerpt: string; author: string; thumbnail: string | null }
  | { type: 'chat'; title: string; lines: ChatLine[] }
  | { type: 'audio'; url: string; caption_html: string; track_title: string; track_artist: string; track_album: string; album_art: string | null; embed_html: string | null; media_id?: string; duration?: number | null }
  | ({ type: 'video'; embed_html: string | null; url: string; caption_html: string } & UploadedVideoFields)
  | { type: 'note'; question: string; answer_html: string; asking_name: string | null };

/** One step of a reblog trail: a blog and what it added. Root first. */
export interface TrailItem {
  post_id: string;
  blog: PostBlog;
  content_html: string;
  is_root: boolean;
}

export interface PostView {
  id: string;
  type: AnyPostType;
  /** The code of the state as read back (queued with publish_on reads as scheduled, ...). */
  state: StateCode;
  state_name: PostState;
  blog: PostBlog;
  post_url: string;
  slug: string;
  /** The post's date (may be backdated), ISO 8601. */
  date: string;
  publish_on: string | null;
  tags: string[];
  source_url: string | null;
  editor_type: EditorType;
  content: PostContent;
  is_reblog: boolean;
  reblog_key: string;
  /** The post this one reblogs, and the first post of the chain. */
  reblogged_from: { post_id: string; blog_name: string } | null;
  root_id: string;
  trail: TrailItem[];
  is_private: boolean;
  allow_answers: boolean;
  /** Replies may carry a photo (issue 26.3). */
  allow_photo_replies: boolean;
  members_only: boolean;
  owner_flagged_nsfw: boolean;
  can_be_liked: boolean;
  can_be_reblogged: boolean;
  note_count: number;
  is_mine: boolean;
  /** The viewer likes this post (spec 1 §4 "Likes and reblogs"). */
  liked: boolean;
  /** The viewer has reblogged this post to one of their blogs. */
  reblogged: boolean;
  /** The owner promotes this post (ad slots show promoted posts first). */
  is_promoted: boolean;
  /** The viewer may reply: the post is published, not private, and replies are not turned off. */
  can_reply: boolean;
  /** A submitted post: the blog that submitted it (issue 14). */
  submitted_by?: PostBlog;
  /** Spec 1 §3 carouselDisplay and carouselLinkUrl: a photo post shown as a carousel, optionally linked. */
  carousel_display: boolean;
  carousel_link_url: string | null;
  /** The call-to-action button (enable_cta with a valid link), its text from the code's table. */
  cta: PostCta | null;
  /** The owner flagged it NSFW or an admin marked it sensitive (safe mode covers it). */
  is_sensitive: boolean;
  /** Only in the owner's view: the appeal level of an admin's mark (shared/appeals.ts). */
  appeal_state?: AppealLevel;
  /**
   * A post from an account on another server (federation, issue 28), on a follower's dashboard:
   * its author and the original. It cannot be liked, reblogged or replied to here.
   */
  remote?: RemoteOrigin;
}

/** Who wrote a remote post and where it lives. */
export interface RemoteOrigin {
  /** name@host, without the leading @. */
  handle: string;
  name: string;
  icon_url: string | null;
  /** The author's profile on their own server. */
  profile_url: string | null;
  /** The post on its own server. */
  url: string;
  /** The content warning its author wrote, if any. */
  summary: string | null;
}

/** A feed page: newest end first unless the page says otherwise; `next` is the refPostId for more. */
export interface PostPage {
  posts: PostView[];
  next: string | null;
  /** Ads that came with the page, in slot order (the drawer's peepr_ad posts; shared/ads). */
  sponsored?: PostView[];
}

/** What the post form needs to edit a post: the source as typed, in post[one|two|three] terms. */
export interface PostFormSource {
  one: string;
  two: string;
  three: string;
  extra: Record<string, string>;
}

export interface SaveResponse {
  post: { id: string; is_edit: boolean; is_reblog: boolean };
  post_tumblelog: { name_or_id: string; url: string; post_url: string; avatar: string };
  post_context_page: string;
  created_post: PostView;
  message: string;
}
