import { useQuery } from '@tanstack/react-query';
import { fetchStickers, messagingKeys } from './api';
import { STICKER_GRID_PX } from './attachments';
import styles from './Attachments.module.css';
import type { Sticker } from './types';

interface Props {
  onPick: (sticker: Sticker) => void;
  onClose: () => void;
}

/** The sticker pack as a grid of 100 px images (spec 2 §9); a click sends the sticker. */
export function StickerPicker({ onPick, onClose }: Props) {
  const stickers = useQuery({ queryKey: messagingKeys.stickers, queryFn: fetchStickers, staleTime: Infinity });
  return (
    <div
      role="dialog"
      aria-label="Stickers"
      className={styles.picker}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      {stickers.isPending ? (
        <p role="status" className={styles.pickerNote}>
          Loading stickers…
        </p>
      ) : stickers.isError ? (
        <div role="alert" className={styles.pickerNote}>
          <p>The stickers did not load.</p>
          <button type="button" className={styles.pickerRetry} onClick={() => void stickers.refetch()}>
            Retry
          </button>
        </div>
      ) : stickers.data.stickers.length === 0 ? (
        <p className={styles.pickerNote}>No stickers yet.</p>
      ) : (
        <ul className={styles.stickerGrid}>
          {stickers.data.stickers.map((sticker, i) => (
            <li key={sticker.id}>
              <button type="button" className={styles.stickerButton} onClick={() => onPick(sticker)} autoFocus={i === 0}>
                <img src={sticker.url} alt={sticker.description || 'Sticker'} width={STICKER_GRID_PX} height={STICKER_GRID_PX} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
