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
