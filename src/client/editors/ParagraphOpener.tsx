import type { Editor } from '@tiptap/core';
import { useId, useRef, useState } from 'react';
import type { GifItem } from '../../shared/search/gif';
import { GifSearchPopover } from '../gif/GifSearchPopover';
import { insertGif } from './insert-gif';
import { Menu, MenuItem } from '../ui/Menu';
import { insertImageByUrl, insertReadMore } from './commands';
import { PlusIcon } from './icons';
import styles from './RichTextEditor.module.css';
import { useRangeBubble } from './use-range-bubble';

interface ParagraphOpenerProps {
  editor: Editor;
  /** The cursor's position, in the empty paragraph. */
  pos: number;
}

interface TrayItem {
  label: string;
  run: (editor: Editor) => boolean;
}

const ITEMS: readonly TrayItem[] = [
  { label: 'Headline', run: (e) => e.chain().focus().setHeading({ level: 2 }).run() },
  { label: 'Quote', run: (e) => e.chain().focus().toggleBlockquote().run() },
  { label: 'List', run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Read more break', run: insertReadMore },
];

/** Spec 1 §2 "inline paragraph-opener tray": a "+" beside an empty paragraph that opens block choices. */
export function ParagraphOpener({ editor, pos }: ParagraphOpenerProps) {
  const plusRef = useRef<HTMLButtonElement>(null);
  const trayId = useId();
  // Where the tray was opened: moving to another empty paragraph shows a closed "+" there.
  const [openAt, setOpenAt] = useState<number | null>(null);
  const [askingUrl, setAskingUrl] = useState(false);
  const [searchingGif, setSearchingGif] = useState(false);
  const open = openAt === pos;
  const { setFloating, style: bubbleStyle } = useRangeBubble(editor, { from: pos, to: pos }, 'line-start');

  const dismiss = () => {
    setOpenAt(null);
    setAskingUrl(false);
    setSearchingGif(false);
  };
  const close = () => {
    dismiss();
    plusRef.current?.focus();
  };

  // The GIF is in and the cursor is after it: the opener starts closed next time.
  const pickGif = (item: GifItem) => {
    if (!insertGif(editor, item)) return;
    setOpenAt(null);
    setSearchingGif(false);
  };

  return (
    <div ref={setFloating} style={bubbleStyle} className={styles.opener}>
      <button
        ref={plusRef}
        type="button"
        className={styles.plus}
        aria-label="Insert"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? trayId : undefined}
        data-tooltip="Insert"
        onClick={() => (open ? close() : setOpenAt(pos))}
      >
        <PlusIcon />
      </button>
      {open && !askingUrl && !searchingGif && (
        <Menu id={trayId} label="Insert" triggerRef={plusRef} onClose={dismiss} orientation="horizontal" className={styles.tray}>
          {ITEMS.map((item) => (
            <MenuItem key={item.label} className={styles.trayItem} onSelect={() => item.run(editor)}>
              {item.label}
            </MenuItem>
          ))}
          <MenuItem className={styles.trayItem} onSelect={() => setAskingUrl(true)}>
            Image by URL
          </MenuItem>
          <MenuItem className={styles.trayItem} onSelect={() => setSearchingGif(true)}>
            GIF
          </MenuItem>
        </Menu>
      )}
      {open && askingUrl && <ImageUrlForm editor={editor} onCancel={close} />}
      {open && searchingGif && <GifSearchPopover className={styles.gifPopover} onPick={pickGif} onClose={close} />}
    </div>
  );
}

function ImageUrlForm({ editor, onCancel }: { editor: Editor; onCancel: () => void }) {
  const [url, setUrl] = useState('');
  const [invalid, setInvalid] = useState(false);
  const insert = () => {
    if (!insertImageByUrl(editor, url)) setInvalid(true);
  };
  return (
    <div
      role="group"
      aria-label="Image by URL"
      className={styles.tray}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          insert();
        } else if (event.key === 'Escape') {
          // The form's own Escape, not the post form's (stopped) nor the dialog's cancel (prevented).
          event.stopPropagation();
          event.preventDefault();
          onCancel();
        }
      }}
    >
      <input
        className={styles.linkInput}
        type="text"
        inputMode="url"
        aria-label="Image URL"
        placeholder="https://"
        value={url}
        aria-invalid={invalid || undefined}
        autoFocus
        onChange={(event) => {
          setUrl(event.currentTarget.value);
          setInvalid(false);
        }}
      />
      <button type="button" className={styles.bubbleButton} onClick={insert}>Insert</button>
    </div>
  );
}
