// A blog as its owner styled it (spec 1 §3 global_theme_params), for the top of its own pages and
// of the blog viewer drawer. The owner picks colours freely; readers must still be able to read.
import type { GlobalThemeParams } from '../../shared/types';
import { cardColours, type CardColours } from './card/card-theme';

/** WCAG AA for large text: these titles are drawn at 1.6rem or more. Links keep 4.5:1. */
export const TITLE_CONTRAST = 3;

export interface BlogLook extends CardColours {
  showTitle: boolean;
  showDescription: boolean;
  showAvatar: boolean;
  avatarShape: 'circle' | 'square';
  /** header_image_focused: the header image already cropped around its focus point. */
  headerImage: string | null;
  /** Stretched: the image covers the whole band; otherwise it keeps its size, centred. */
  headerStretch: boolean;
}

/** The blog's look, its colours kept unless too close to the background (the card's rule, titles at 3:1). */
export function blogLook(theme: Partial<GlobalThemeParams> | undefined): BlogLook {
  return {
    ...cardColours(theme, TITLE_CONTRAST),
    showTitle: theme?.show_title !== false,
    showDescription: theme?.show_description !== false,
    showAvatar: theme?.show_avatar !== false,
    avatarShape: theme?.avatar_shape === 'square' ? 'square' : 'circle',
    headerImage: theme?.show_header_image !== false && theme?.header_image_focused ? theme.header_image_focused : null,
    headerStretch: theme?.header_stretch !== false,
  };
}
