/**
 * Feature flags (spec 1 §6), with the share popover's two (spec 1 §6 "Embed needs feature flag
 * enable_share_embed_code; Reddit needs reddit_sharing"). Defaults live in the database
 * (feature_flags); a user can have an override (feature_flag_overrides).
 */
export const FEATURE_FLAGS = [
  'is_mobile_handset',
  'responsive_help_docs',
  'indash_blogs',
  'ask_form',
  'livephotos_web',
  'lrec_on_blog_pages_peepr',
  'dashboard_refresh',
  'enable_share_embed_code',
  'reddit_sharing',
  /** Spec 2 §6: safe mode as a site flag, on top of each user's own setting. */
  'safe_mode',
  /** Spec 2 §7: behaviour logs are sent only while this is on. */
  'logging',
  /** Spec 2 §2: the new inbox variant ('New Message'; the empty inbox's suggestions with their tags). */
  'messaging_inbox_new',
  /** Spec 1 §9: pride-logo mode, the logo's hover shows the flag image. */
  'pride_logo',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

/** Every flag off: what a flag missing from the database reads as. */
export const NO_FEATURES: FeatureFlags = Object.fromEntries(FEATURE_FLAGS.map((name) => [name, false])) as FeatureFlags;

/**
 * GET /svc/site: what every visitor, logged in or not, may know of the site. The site-wide flags
 * (no user's overrides), so a logged-out visitor honours the `safe_mode` flag too; and whether an
 * app is offered (spec 2 §9 mobile nav data: has_app, app_url).
 */
export interface SiteInfoResponse {
  features: FeatureFlags;
  has_app: boolean;
  app_url: string | null;
}

/** What each flag gates, as the admin page says it (the table's descriptions follow these). */
export const FLAG_DESCRIPTIONS: Record<FeatureFlag, string> = {
  is_mobile_handset: 'Treat the browser as a phone: videos do not start by themselves, as on a phone.',
  responsive_help_docs: 'The help page reflows for small screens; off, it keeps its desktop width and scrolls sideways.',
  indash_blogs: 'A click on a blog name opens the blog in the drawer over the page; off, it goes to the blog page.',
  ask_form: "'Ask a question' opens the ask form over the page; off, it goes to the blog's ask page.",
  livephotos_web: 'Live photos play their motion; off, they show as still photos.',
  lrec_on_blog_pages_peepr: "The side column's 300x250 ad beside a blog in the drawer.",
  dashboard_refresh: 'The dashboard reloads its posts after a post is saved there.',
  enable_share_embed_code: 'Embed code in the share popover.',
  reddit_sharing: 'Reddit in the share popover.',
  safe_mode: 'The site offers safe mode (each person still chooses it in their settings).',
  logging: 'Behaviour logs are sent.',
  pride_logo: "Pride-logo mode: the logo's hover shows the pride flag instead of its five images.",
  messaging_inbox_new: "The new inbox ('New Message', suggestions with their tags when empty); off, the old one ('Compose message').",
};

/** One person's override of a flag, as the admin page lists it. */
export interface FlagOverrideView {
  /** The person's primary blog (null: they have none yet), and their address. */
  tumblelog: string | null;
  email: string;
  enabled: boolean;
}

/** GET /svc/admin/flags: every flag, its site-wide value, and the people who have an override. */
export interface AdminFlagView {
  name: FeatureFlag;
  enabled: boolean;
  description: string;
  overrides: FlagOverrideView[];
}
export interface AdminFlagsResponse {
  flags: AdminFlagView[];
  /** More overrides exist than the page lists (it lists the first OVERRIDES_LISTED). */
  overrides_truncated: boolean;
}

/** The admin page lists at most this many overrides (one query); more is said, not hidden. */
export const OVERRIDES_LISTED = 500;

/** POST /svc/admin/flags/override: a person's flag on, off, or back to the site-wide value. */
export const OVERRIDE_STATES = ['on', 'off', 'default'] as const;
export type OverrideState = (typeof OVERRIDE_STATES)[number];
