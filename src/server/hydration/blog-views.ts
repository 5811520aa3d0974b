import { normalizeHexColor } from '../../shared/colors';
import type { Blog, Channel, GlobalThemeParams } from '../../shared/types';
import type { BlogRow } from '../db/tables/blog';
import { avatarUrl } from './avatar-url';
import { blogUrl } from './post-views';

export const DEFAULT_THEME: GlobalThemeParams = {
  background_color: '#FAFAFA',
  title_color: '#444444',
  link_color: '#529ECC',
  title_font: 'Gibson',
  title_font_weight: 'bold',
  show_title: true,
  show_description: true,
  show_avatar: true,
  avatar_shape: 'circle',
  show_header_image: true,
  header_image_focused: null,
  header_stretch: true,
};

/** The stored theme over the defaults, colours normalised (spec 1 §5) whatever an older row holds. */
export function themeView(stored: Partial<GlobalThemeParams>): GlobalThemeParams {
  const theme = { ...DEFAULT_THEME, ...stored };
  for (const key of ['background_color', 'title_color', 'link_color'] as const) {
    theme[key] = normalizeHexColor(theme[key]) ?? DEFAULT_THEME[key];
  }
  return theme;
}

/** The Blog entity as JSON: a pure function of the row and who is looking. */
export function blogView(row: BlogRow, publicUrl: string, currentBlogId: string | null): Blog {
  const url = blogUrl(publicUrl, row.name);
  return {
    name: row.name,
    uuid: row.uuid,
    // The card's token (blogs/card.ts reads a uuid as one).
    token: row.uuid,
    url,
    blog_view_url: url,
    title: row.title,
    // Sanitized when the owner saved it (settings.ts).
    description_sanitized: row.description,
    // An admin's nsfw switch counts as adult wherever adult is read (safe mode pixelates the avatar).
    directory_safe_title: row.is_adult || row.is_nsfw ? '' : row.title,
    avatar_url: avatarUrl(publicUrl, row, 128),
    avatar_url_48: avatarUrl(publicUrl, row, 48),
    avatar_url_128: avatarUrl(publicUrl, row, 128),
    is_adult: row.is_adult || row.is_nsfw,
    is_current: row.id === currentBlogId,
    has_default_header: !row.theme.header_image_focused,
    cname: null,
    global_theme_params: themeView(row.theme),
    can_receive_messages: row.can_receive_messages,
    asks: row.asks,
    anonymous_asks: row.asks && row.anonymous_asks,
    ask_page_title: row.ask_page_title,
    // A blog saved with submissions on and no type (before the settings refused it) takes none.
    submissions: row.submissions && row.submission_types.length > 0,
    submission_types: row.submission_types,
    submission_guidelines: row.submission_guidelines,
  };
}

/** The owner's own messaging settings, added where only the owner is answered. */
export const ownerMessagingSettings = (row: BlogRow) => ({ messages_from_followed_only: row.messages_from_followed_only });

export function channelView(
  row: BlogRow,
  publicUrl: string,
  user: { current_blog_id: string | null; primary_blog_id: string | null; email_verified_at: Date | null },
): Channel {
  return {
    ...blogView(row, publicUrl, user.current_blog_id),
    // Unread messages are counted by the messaging area, which user info fills in.
    unread_count: 0,
    mention_key: row.uuid,
    is_messaging_bot: false,
    unread_messages_count_sum: 0,
    can_send_messages: user.email_verified_at !== null,
    is_primary: row.id === user.primary_blog_id,
  };
}
