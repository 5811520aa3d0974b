import { useEffect, useState } from 'react';
import { STICKER_PREVIEW_PX } from '../../shared/messaging/constants';
import { ALT_TEXT_MAX } from '../../shared/posts/messages';
import { fitPreview, PREVIEW_OUT_MS, type PreviewImage } from './attachments';
import type { Sticker } from './types';
import styles from './Attachments.module.css';

interface Props {
  image: PreviewImage | null;
  /** The remove button: the strip slides away, then the image is dropped. */
  onRemove: () => void;
  /** Issue 24.4: the image's alt text as typed. */
  onAlt: (alt: string) => void;
}

/**
 * Spec 2 §4 "Preview strip": shown only with an image, sliding in over 300 ms and out over 200 ms,
 * the picture fitted into 210 × 150. While it slides out it keeps showing the image it had. Under
 * the picture, its alt text (issue 24.4).
 */
export function PreviewStrip({ image, onRemove, onAlt }: Props) {
  // The image last shown: kept while the strip slides out after the image was removed.
  const [shown, setShown] = useState<PreviewImage | null>(image);
  if (image && image !== shown) setShown(image);
  const leaving = !image && shown !== null;

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => setShown(null), PREVIEW_OUT_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  const current = image ?? shown;
  if (!current) return null;
  const size = fitPreview(current.width, current.height);
  return (
    <div className={`${styles.strip} ${leaving ? styles.stripOut : styles.stripIn}`} data-testid="preview-strip" data-leaving={leaving || undefined}>
      <img src={current.url} alt={current.alt?.trim() || 'Image to send'} width={size.width} height={size.height} className={styles.previewImage} />
      <button type="button" className={styles.removePreview} onClick={onRemove} disabled={leaving} aria-label="Remove image">
        ×
      </button>
      <input
        className={styles.previewAlt}
        value={current.alt ?? ''}
        maxLength={ALT_TEXT_MAX}
        disabled={leaving}
        onChange={(event) => onAlt(event.currentTarget.value)}
        // Enter would otherwise reach nothing: it sends nothing from here, as the compose box does.
        onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        aria-label="Alt text for the image"
        placeholder="Alt text (describe the image)"
      />
    </div>
  );
}

/** Spec 2 §9: a picked sticker before it is sent, 250 px wide; Enter sends it, × drops it. */
export function StickerPreview({ sticker, onRemove }: { sticker: Sticker; onRemove: () => void }) {
  return (
    <div className={`${styles.strip} ${styles.stripIn}`} data-testid="sticker-preview">
      <img src={sticker.original_size_url ?? sticker.url} alt="Sticker to send" width={STICKER_PREVIEW_PX} height={STICKER_PREVIEW_PX} className={styles.stickerLarge} />
      <button type="button" className={styles.removePreview} onClick={onRemove} aria-label="Remove sticker">
        ×
      </button>
    </div>
  );
}
