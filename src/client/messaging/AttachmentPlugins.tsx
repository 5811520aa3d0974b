import { useRef, useState } from 'react';
import type { GifItem } from '../../shared/search/gif';
import { GifSearchPopover } from '../gif/GifSearchPopover';
import styles from './Attachments.module.css';
import { StickerPicker } from './StickerPicker';
import type { Sticker } from './types';

interface Props {
  disabled: boolean;
  onFile: (file: File) => void;
  onGif: (item: GifItem) => void;
  onSticker: (sticker: Sticker) => void;
}

type Open = 'gif' | 'sticker' | null;

/** Compose's attachment plugins (spec 2 §2): GIF search, image upload and stickers. */
export function AttachmentPlugins({ disabled, onFile, onGif, onSticker }: Props) {
  const [open, setOpen] = useState<Open>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const toggle = (which: Open) => setOpen((current) => (current === which ? null : which));

  return (
    <div className={styles.plugins}>
      <button type="button" className={styles.pluginButton} disabled={disabled} aria-expanded={open === 'gif'} onClick={() => toggle('gif')}>
        GIF
      </button>
      <button type="button" className={styles.pluginButton} disabled={disabled} onClick={() => fileRef.current?.click()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2v9l4-4 3 3 3-4 4 5V7zm4 3a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z" />
        </svg>
        <span className="visually-hidden">Upload an image</span>
      </button>
      <input
        ref={fileRef}
        type="file"
        hidden
        accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
        aria-label="Image to send"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Choosing the same file again must fire a change.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
      <button type="button" className={styles.pluginButton} disabled={disabled} aria-expanded={open === 'sticker'} onClick={() => toggle('sticker')}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M12 2a10 10 0 1 0 10 10A10 10 0 0 0 12 2zm-3.5 7a1.5 1.5 0 1 1-1.5 1.5A1.5 1.5 0 0 1 8.5 9zm7 0a1.5 1.5 0 1 1-1.5 1.5A1.5 1.5 0 0 1 15.5 9zM12 18a6 6 0 0 1-5.2-3h10.4A6 6 0 0 1 12 18z" />
        </svg>
        <span className="visually-hidden">Stickers</span>
      </button>
      {open === 'gif' && (
        <GifSearchPopover
          className={styles.gifPopover}
          onClose={() => setOpen(null)}
          onPick={(item) => {
            setOpen(null);
            onGif(item);
          }}
        />
      )}
      {open === 'sticker' && (
        <StickerPicker
          onClose={() => setOpen(null)}
          onPick={(sticker) => {
            setOpen(null);
            onSticker(sticker);
          }}
        />
      )}
    </div>
  );
}
