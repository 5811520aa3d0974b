import { avatarPath, avatarVersionOf } from '../../shared/avatar';
import { AVATAR_SIZES, type AvatarSize } from '../../shared/constants';
import styles from './Avatar.module.css';
import { hidesFrom, useReaderSafeMode, viewerSafeModeOn, type SafeModeViewer } from './safe-mode';

interface AvatarProps {
  /** avatar_url, as the server gives it, carries the picture's version: every size is asked for with it. */
  blog: { name: string; is_adult: boolean; avatar_url?: string };
  size?: AvatarSize;
  /**
   * Pixelate: the blog is adult, not the viewer's own, and the viewer has safe mode on.
   * 'site': a logged-out visitor and an adult blog, pixelated while the site flag is on.
   * Left out: the page's reader decides (ReaderSafeMode), so an avatar is never shown unjudged.
   */
  pixelated?: Pixelation;
  shape?: 'circle' | 'square';
}

/** The next size up, for sharp avatars on high-density screens. */
const retinaSize = (size: AvatarSize) => AVATAR_SIZES.find((s) => s >= size * 2);

/** What shouldPixelate decides: yes, no, or (logged out) whatever the site flag `safe_mode` says. */
export type Pixelation = boolean | 'site';

export function Avatar({ blog, size = 128, pixelated: pixelation, shape = 'square' }: AvatarProps) {
  // A context, not only a prop: avatars sit deep in cards and lists, and must draw again when the
  // site flag arrives. 'site' (a logged-out visitor) has no blogs of their own to spare.
  const reader = useReaderSafeMode();
  const pixelated = typeof pixelation === 'boolean' ? pixelation : blog.is_adult && (pixelation === 'site' ? reader.on : hidesFrom(reader, blog.name));
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
 * Spec 1 §6, spec 2 §6: safe mode on (the site flag `safe_mode` as the viewer's features carry it
 * and the user's setting, both: safe-mode.ts), an adult blog the viewer does not own. A logged-out
 * visitor (null) counts as having the setting on and owns nothing: the site flag alone decides,
 * which only Avatar can read ('site').
 */
export function shouldPixelate(blog: { name: string; is_adult: boolean }, viewer: SafeModeViewer | null): Pixelation {
  if (!blog.is_adult) return false;
  if (!viewer) return 'site';
  return viewerSafeModeOn(viewer) && !viewer.channels.some((c) => c.name === blog.name);
}
