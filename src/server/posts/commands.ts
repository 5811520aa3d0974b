// The three writes of a post as typed commands: a new post, a reblog, an edit. The save route
// reads its form into one (payload.ts); other areas build them directly (fast reblog, the demo).
// Each is run by its own function (create-post.ts, create-reblog.ts, edit-post.ts); the steps
// they share are in save-steps.ts.
import type { EditorType } from '../../shared/constants';
import type { ContentStats } from '../../shared/posts/content-stats';
import type { PostState } from '../../shared/posts/states';
import type { AnyPostType } from '../../shared/posts/types';
import type { ContentInput } from '../content/post-type';

/** The states a save may ask for: 'transcoding' and 'unapproved' are set by the server only. */
export type RequestedState = Exclude<PostState, 'transcoding' | 'unapproved'>;

export const POST_FLAGS = ['allow_answers', 'allow_photo_replies', 'members_only', 'owner_flagged_nsfw', 'can_be_liked', 'can_be_reblogged'] as const;
/** Only the flags sent: one left out keeps its stored value (or the column's default). */
export type PostFlags = Partial<Record<(typeof POST_FLAGS)[number], boolean>>;

/** Carousel and call-to-action settings (spec 1 §3); their links only when they validate. */
export interface PostOptions {
  carousel_display: boolean;
  carousel_link_url: string | null;
  enable_cta: boolean;
  cta_text_code: number;
  cta_link_url: string | null;
  cta_android_link_url: string | null;
  /** What the form counted of the post as saved (shared/posts/content-stats.ts); null when not sent. */
  content_stats: ContentStats | null;
}

/** What every save says besides what the post shows. */
export interface PostSettings {
  state: RequestedState;
  /** When a scheduled post goes out (checked by the command: it must be in the future). */
  publishOn: Date | null;
  /** Backdating; null keeps the stored date (now for a new post). */
  date: Date | null;
  tags: string[];
  slug: string;
  sourceUrl: string | null;
  /** Null: the edited post's, else the user's default. */
  editorType: EditorType | null;
  flags: PostFlags;
  options: PostOptions;
}

export interface CreatePostInput extends PostSettings {
  /** The name of one of the viewer's blogs. */
  blog: string;
  type: AnyPostType;
  form: ContentInput;
}

export interface CreateReblogInput extends PostSettings {
  blog: string;
  /** The post reblogged, with its reblog key (the proof the caller was shown it). */
  parent: { postId: string; key: string };
  /** The reblogger's own words, in editorType's format. */
  comment: string;
  /** Drops the trail's comments; who posted the original stays. */
  removeReblogTree: boolean;
}

export interface EditPostInput extends PostSettings {
  postId: string;
  /** The form as sent: an original post is rebuilt from it, a reblog reads its comment (post[two]). */
  form: ContentInput;
  removeReblogTree: boolean;
}

export type PostCommand =
  | { kind: 'create'; input: CreatePostInput }
  | { kind: 'reblog'; input: CreateReblogInput }
  | { kind: 'edit'; input: EditPostInput };

export const DEFAULT_OPTIONS: PostOptions = {
  carousel_display: false,
  carousel_link_url: null,
  enable_cta: false,
  cta_text_code: 0,
  cta_link_url: null,
  cta_android_link_url: null,
  content_stats: null,
};

/** The settings of a save that says nothing but its state, as an empty form would. */
export function settingsFor(state: RequestedState): PostSettings {
  return { state, publishOn: null, date: null, tags: [], slug: '', sourceUrl: null, editorType: null, flags: {}, options: DEFAULT_OPTIONS };
}
