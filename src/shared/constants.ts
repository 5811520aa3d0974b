// Business constants from spec 1 §9, used by server and client alike.

export const HEADER_HEIGHT = 52;
export const AVATAR_SIZES = [16, 24, 30, 40, 48, 64, 96, 128, 512] as const;
export type AvatarSize = (typeof AVATAR_SIZES)[number];
export const DEFAULT_AVATAR_SIZE: AvatarSize = 128;

export const FAST_COMPOSE_ICON_MS = 150;
export const FAST_COMPOSE_STAGGER_MS = 50;
export const LOGO_HOVER_IMAGE_COUNT = 5;
export const LOGO_LEAVE_DELAY_MS = 200;
export const MODAL_FADE_MS = 100;
export const GLASS_FADE_MS = 150;
export const LOADER_DELAY_MS = 250;
export const BADGE_MAX = 99;
export const POPOVER_MIN_DISTANCE = 10;

export const POST_TYPES = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video'] as const;
export type PostType = (typeof POST_TYPES)[number];

export const EDITOR_TYPES = ['rich', 'html', 'markdown'] as const;
/** Issue 24 item 10: "system" follows the system's setting (dark when it prefers dark, else navy). */
export const PALETTES = ['system', 'navy', 'light', 'dark'] as const;
export type Palette = (typeof PALETTES)[number];
export type EditorType = (typeof EDITOR_TYPES)[number];

export const BASE_ROUTE = '/dashboard';

/** Limits sent with user info and the post form builder data. */
export const LIMITS = {
  max_blogs: 10,
  photo_max_count: 10,
  photo_caption_max: 200,
  image_downscale_limit: 1080,
  tweet_limit: 140,
  tweet_short_url_length: 29,
  password_min_length: 8,
  blog_name_max_length: 32,
} as const;

/** Failed logins allowed for one email from one client address inside the window before 429. */
export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** The product's name: the end of every page title, and the embed page's "View on". */
export const SITE_NAME = 'Tumbleweed';
