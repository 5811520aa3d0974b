import { createContext, useContext } from 'react';
import { avatarPath, avatarVersionOf } from '../../shared/avatar';
import { AVATAR_SIZES, type AvatarSize } from '../../shared/constants';
import styles from './Avatar.module.css';

interface AvatarProps {
  /** avatar_url, as the server gives it, carries the picture's version: every size is asked for with it. */
  blog: { name: string; is_adult: boolean; avatar_url?: string };
  size?: AvatarSize;
  /**
   * Pixelate: the blog is adult, not the viewer's own, and the viewer has safe mode on.
   * 'site': a logged-out visitor and an adult blog, pixelated while the site flag is on.
   */
  pixelated?: Pixelation;
  shape?: 'circle' | 'square';
}

/** The next size up, for sharp avatars on high-density screens. */
const retinaSize = (size: AvatarSize) => AVATAR_SIZES.find((s) => s >= size * 2);

/** What shouldPixelate decides: yes, no, or (logged out) whatever the site flag `safe_mode` says. */
export type Pixelation = boolean | 'site';

/**
 * The site flag `safe_mode` as a logged-out visitor meets it (GET /svc/site), provided by the
 * layout. A context, not a prop: the avatars that need it sit deep in cards and lists, and they
 * must draw again when the flag arrives.
 */
export const SiteSafeMode = createContext(false);

export function Avatar({ blog, size = 128, pixelated: pixelation = false, shape = 'square' }: AvatarProps) {
  const siteSafeMode = useContext(SiteSafeMode);
  const pixelated = pixelation === 'site' ? siteSafeMode : pixelation;
  // Pixelated: the smallest rendering blown up with hard edges hides the picture but keeps its colours.
  const version = avatarVersionOf(blog.avatar_url);
  const src = avatarPath(blog.name, pixelated ? 16 : size, version);
  const retina = pixelated ? undefined : retinaSize(size);
  return (
    <img
      className={`${styles.avatar} ${shape === 'circle' ? styles.circle : ''} ${pixelated ? styles.pixelated : ''}`}
      src={src}
      srcSet={retina ? `${src} 1x, ${avatarPath(blog.name, retina, version)} 2x` : undefined}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      data-pixelated={pixelated || undefined}
    />
  );
}

/**
 * Spec 1 §6, spec 2 §6: safe mode on (the user's setting, or the site flag `safe_mode` as the
 * viewer's features carry it), an adult blog the viewer does not own. A logged-out visitor (null)
 * has no setting and owns nothing: the site flag alone decides, which only Avatar can read ('site').
 */
export function shouldPixelate(
  blog: { name: string; is_adult: boolean },
  viewer: { safe_mode: boolean; channels: { name: string }[]; features?: { safe_mode?: boolean } } | null,
): Pixelation {
  if (!blog.is_adult) return false;
  if (!viewer) return 'site';
  const safeMode = Boolean(viewer.safe_mode || viewer.features?.safe_mode);
  return safeMode && !viewer.channels.some((c) => c.name === blog.name);
}
