import { useEffect, useRef, useState, type CSSProperties, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent } from 'react';
import { GLASS_FADE_MS } from '../../shared/constants';
import type { PhotoView } from '../../shared/posts/types';
import { ModalDialog } from '../ui/ModalDialog';
import { usePresence } from '../ui/use-presence';
import styles from './Lightbox.module.css';
import { photoAlt } from './photo-alt';

interface LightboxProps {
  photos: readonly PhotoView[];
  /** The photo shown, or null when closed. */
  at: number | null;
  onMove: (index: number) => void;
  onClose: () => void;
}

/** A swipe is a mostly sideways touch drag at least this long (px); shorter is a tap. */
const SWIPE_MIN = 40;

/** The largest stored size (sizes come largest first); a photo by address has only its own. */
function largest(photo: PhotoView) {
  const size = photo.sizes?.[0];
  return size ?? { url: photo.url, width: photo.width, height: photo.height };
}

/**
 * A post's photos large over the page, one at a time, on the shared native modal: Escape, the
 * glass or the close button close it, and the modal hands focus back to the photo that opened it.
 * Arrow keys, the buttons and a sideways swipe move through a set, wrapping at its ends.
 */
export function Lightbox({ photos, at, onMove, onClose }: LightboxProps) {
  const { mounted, visible } = usePresence(at !== null, GLASS_FADE_MS);
  // Kept through the exit fade, when `at` is already null.
  const [shownAt, setShownAt] = useState(at ?? 0);
  if (at !== null && at !== shownAt) setShownAt(at);
  const count = photos.length;
  const index = Math.min(shownAt, count - 1);
  const photo = photos[index];

  const step = (by: number) => onMove((index + by + count) % count);
  const arrow = (event: KeyboardEvent | ReactKeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || count < 2) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    step(event.key === 'ArrowRight' ? 1 : -1);
  };
  const arrowRef = useRef(arrow);
  useEffect(() => {
    arrowRef.current = arrow;
  });
  useEffect(() => {
    if (at === null) return;
    // The image and the glass take no focus: after a click on them, keys come from the body.
    const onKey = (event: KeyboardEvent) => arrowRef.current(event);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [at]);
  // A portal's events climb the React tree: keys typed here would reach a modal this one was
  // opened from (the blog drawer's j, k and Escape). They stay here; Escape closes this one.
  const onKeyDown = (event: ReactKeyboardEvent) => {
    event.stopPropagation();
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else arrow(event);
  };

  const touch = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    touch.current = event.pointerType === 'touch' ? { x: event.clientX, y: event.clientY } : null;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = touch.current;
    touch.current = null;
    if (!start || count < 2) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(event.clientY - start.y)) step(dx < 0 ? 1 : -1);
  };

  if (!photo) return null;
  const alt = photoAlt(photo, index, count);
  return (
    <ModalDialog shown={mounted} visible={visible} onDismiss={onClose} label="Photo viewer" className={`${styles.box} ${visible ? styles.visible : ''}`}>
      <div className={styles.keys} onKeyDown={onKeyDown}>
        <p className={styles.count} aria-live="polite">
          {count > 1 ? `${index + 1} of ${count}` : ''}
        </p>
        <button type="button" className={`${styles.button} ${styles.close}`} onClick={onClose} aria-label="Close photo" data-autofocus>
          <span aria-hidden="true">×</span>
        </button>
        {count > 1 && (
          <>
            <button type="button" className={`${styles.button} ${styles.previous}`} onClick={() => step(-1)} aria-label="Previous photo">
              <span aria-hidden="true">‹</span>
            </button>
            <button type="button" className={`${styles.button} ${styles.next}`} onClick={() => step(1)} aria-label="Next photo">
              <span aria-hidden="true">›</span>
            </button>
          </>
        )}
        <figure className={styles.figure} onPointerDown={onPointerDown} onPointerUp={onPointerUp} onPointerCancel={() => (touch.current = null)}>
          {/* Keyed by photo: a new photo starts loading afresh. */}
          <LargePhoto key={photo.id} photo={photo} alt={alt} />
          {photo.caption && <figcaption className={styles.caption}>{photo.caption}</figcaption>}
        </figure>
      </div>
    </ModalDialog>
  );
}

function LargePhoto({ photo, alt }: { photo: PhotoView; alt: string }) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const size = largest(photo);
  const shape = size.width && size.height ? ({ '--w': `${size.width}px`, '--ratio': size.width / size.height } as CSSProperties) : undefined;
  return (
    <div className={styles.frame} data-state={state}>
      <img
        className={`${styles.image} ${shape ? styles.sized : ''}`}
        style={shape}
        src={size.url}
        // The stored size's shape reserves the space while it loads; CSS scales it to the window.
        width={size.width ?? undefined}
        height={size.height ?? undefined}
        alt={alt}
        // Cached already: the load event may have come before React listened.
        ref={(img) => {
          if (img?.complete && img.naturalWidth > 0) setState('loaded');
        }}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
      {state !== 'loaded' && (
        <p className={styles.status} role="status">
          {state === 'loading' ? (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              <span className="visually-hidden">Loading photo…</span>
            </>
          ) : (
            'This photo could not be loaded.'
          )}
        </p>
      )}
    </div>
  );
}
