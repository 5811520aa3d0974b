// The settings form's state: a draft made from the blog, and the changes to send (only what
// differs, so an untouched field is never re-checked or re-sanitized).
import type { BlogSettingsInput } from '../../../shared/blog-settings';
import type { Blog } from '../../../shared/types';
import { cardColours } from '../card/card-theme';

export interface SettingsDraft {
  title: string;
  /** HTML as the owner types it; the server sanitizes it. */
  description: string;
  background_color: string;
  title_color: string;
  link_color: string;
  avatar_shape: 'circle' | 'square';
  /** The title's font: a family of the font table, or the default. */
  title_font: string;
  show_title: boolean;
  show_description: boolean;
  show_avatar: boolean;
  show_header_image: boolean;
  /** The header image's address, or null for none. */
  header_image: string | null;
  /** A newly uploaded avatar's address, '' for the generated one, null: unchanged. */
  avatar: string | null;
  /** Messaging: messages on, and only from blogs the owner follows. */
  can_receive_messages: boolean;
  messages_from_followed_only: boolean;
}

export function draftOf(blog: Blog): SettingsDraft {
  const theme = blog.global_theme_params;
  const colours = cardColours(theme);
  return {
    title: blog.title,
    description: blog.description_sanitized,
    background_color: colours.background,
    title_color: colours.title,
    link_color: colours.link,
    avatar_shape: theme.avatar_shape,
    title_font: theme.title_font,
    show_title: theme.show_title,
    show_description: theme.show_description,
    show_avatar: theme.show_avatar,
    show_header_image: theme.show_header_image,
    header_image: theme.header_image_focused,
    avatar: null,
    can_receive_messages: blog.can_receive_messages ?? true,
    messages_from_followed_only: blog.messages_from_followed_only ?? false,
  };
}

/** What changed between the saved blog's draft and the edited one, in the call's terms. */
export function changesOf(saved: SettingsDraft, draft: SettingsDraft): BlogSettingsInput {
  const changes: BlogSettingsInput = {};
  const keys = ['title', 'description', 'background_color', 'title_color', 'link_color', 'avatar_shape', 'title_font', 'show_title', 'show_description', 'show_avatar', 'show_header_image', 'can_receive_messages', 'messages_from_followed_only'] as const;
  for (const key of keys) {
    if (draft[key] !== saved[key]) Object.assign(changes, { [key]: draft[key] });
  }
  if (draft.header_image !== saved.header_image) changes.header_image = draft.header_image ?? '';
  if (draft.avatar !== null) changes.avatar = draft.avatar;
  return changes;
}

/** The text of typed HTML, for the preview (the client never draws HTML the server has not cleaned). */
export function previewDescription(typed: string, savedHtml: string): string {
  if (typed === savedHtml) return savedHtml;
  const text = new DOMParser().parseFromString(typed, 'text/html').body.textContent ?? '';
  const escaped = text.trim().replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return escaped ? `<p>${escaped}</p>` : '';
}
