// The blog viewer drawer (spec 2 §3, §6, §7, §9): the answers of /svc/indash_blog,
// /svc/indash_blog/header and /svc/tumblelog/{name}/peepr, and their constants, shared by the
// server that builds them and the drawer that reads them.
import type { PeeprAd } from '../ads/types';
import type { PostView } from '../posts/types';
import type { Blog } from '../types';

export const BLOG_VIEWER = {
  /** Spec 2 §9 "Posts page size 10". */
  pageSize: 10,
  /** The most posts one call returns. */
  maxLimit: 20,
  /** The largest `offset` the first call honours; later pages use the `before` cursor. */
  maxOffset: 200,
} as const;

/** Spec 2 §3 "Blog header model": the blog with the viewer's relation to it. */
export type TumblelogHeader = Blog & {
  following: boolean;
  can_subscribe: boolean;
  is_subscribed: boolean;
  /** The viewer owns the blog: the drawer offers the header editor instead of follow. */
  is_owner: boolean;
  /** The header image's size, when it was recorded (never taken from a save). */
  global_theme_params: Blog['global_theme_params'] & { header_image_dimens: { width: number; height: number } | null };
};

/** Spec 2 §3 "Blog posts collection": one survey option; its link says how to send the answer. */
export interface SurveyOptionView {
  text: string;
  link: { href: string; method: 'POST'; body_params: { survey_id: string; option: string } };
}

export interface SurveyView {
  title: string;
  options: SurveyOptionView[];
  submission_confirmation: string;
}

/** GET /svc/indash_blog. */
export interface IndashBlogResponse {
  posts: PostView[];
  tumblelog: TumblelogHeader;
  /** The page's ads (one after every 10 posts), or null when it has none (shared/ads). */
  peepr_ad: PeeprAd | null;
  tracking_html: '';
  /** The `before` of the next page, or null when there is none. */
  next: string | null;
  /** Safe mode hides this blog's posts from the viewer (posts is empty): show the overlay. */
  safe_mode_hidden: boolean;
  /** Only in safe mode with bypass, and only while the viewer has not answered it: at most one item. */
  survey: SurveyView[];
  /** Spec 2 §3: the post asked for (post_id), else null. */
  post_id: string | null;
  tumblelog_name: string;
  post_url: string | null;
  post_tiny_url: string | null;
}

/** GET /svc/tumblelog/{name}/peepr: the single-post timeline (the post, then older ones). */
export interface PeeprResponse {
  posts: PostView[];
  /** Ads for this page of the single-post timeline, as in GET /svc/indash_blog (issue 17). */
  peepr_ad: PeeprAd | null;
  next: string | null;
  safe_mode_hidden: boolean;
}

/** POST /svc/indash_blog/survey: the answer is stored; the text to show after it. */
export interface SurveyAnswerResponse {
  submission_confirmation: string;
}

/** GET/POST /svc/admin/blog_viewer_survey: the open survey, with how many chose each option. */
export interface AdminSurveyResponse {
  survey: { id: string; title: string; options: { key: string; text: string; answers: number }[]; submission_confirmation: string; created_at: string } | null;
}

export const SURVEY_LIMITS = {
  titleMax: 200,
  optionMax: 100,
  minOptions: 2,
  maxOptions: 6,
  confirmationMax: 300,
} as const;
