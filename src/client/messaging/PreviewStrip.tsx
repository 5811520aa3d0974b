import { useEffect, useState } from 'react';
import { fitPreview, PREVIEW_OUT_MS, type PreviewImage } from './attachments';
import styles from './Attachments.module.css';

interface Props {
  image: PreviewImage | null;
  /** The remove button: the strip slides away, then the image is dropped. */
  onRemove: () => void;
}

/**
 * Spec 2 §4 "Preview strip": shown only with an image, sliding in over 300 ms and out over 200 ms,
 * the picture fitted into 210 × 150. While it slides out it keeps showing the image it had.
 */
export function PreviewStrip({ image, onRemove }: Props) {
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
      <img src={current.url} alt="Image to send" width={size.width} height={size.height} className={styles.previewImage} />
      <button type="button" className={styles.removePreview} onClick={onRemove} disabled={leaving} aria-label="Remove image">
        ×
      </button>
    </div>
  );
}
