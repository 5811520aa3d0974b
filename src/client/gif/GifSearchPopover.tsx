import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { GifItem, GifSearchResult } from '../../shared/search/gif';
import { GifGrid } from './GifGrid';
import styles from './GifSearchPopover.module.css';
import { messageText } from './gif-messages';
import { useGifSearch } from './use-gif-search';

export interface GifSearchPopoverProps {
  /** A GIF was chosen (click or Enter). */
  onPick: (item: GifItem) => void;
  /** Escape. */
  onClose: () => void;
  /** Placement, from where it opens. */
  className?: string;
}

/**
 * Spec 1 §2 "GIF search popover": a search box, a loading bar, the results grid, and a message
 * when there is nothing to show. Rendered in place (not in a portal), so the editor it opens from
 * keeps focus within itself.
 */
export function GifSearchPopover({ onPick, onClose, className }: GifSearchPopoverProps) {
  const [input, setInput] = useState('');
  const search = useGifSearch(input);
  // The answer whose results the person asked to see despite the server's message.
  const [shownAnyway, setShownAnyway] = useState<GifSearchResult | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const statusId = useId();

  const { result, error } = search;
  const media = result?.media ?? [];
  const message = result?.message;
  const showGrid = !error && media.length > 0 && (!message || shownAnyway === result);

  const onDialogKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    // Escape closes this popover only, not the post form around it.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      const first = gridRef.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Enter') {
      // Never submit the post form the editor sits in.
      event.preventDefault();
    }
  };

  return (
    <div role="dialog" aria-label="GIF search" className={[styles.popover, className].filter(Boolean).join(' ')} onKeyDown={onDialogKeyDown}>
      <input
        ref={inputRef}
        className={styles.input}
        type="search"
        aria-label="Search GIFs"
        aria-describedby={statusId}
        placeholder="Search GIFs"
        autoComplete="off"
        autoFocus
        value={input}
        onChange={(event) => setInput(event.currentTarget.value)}
        onKeyDown={onInputKeyDown}
      />
      <div className={styles.loadingTrack}>
        {search.loading && <div role="progressbar" aria-label="Searching GIFs" className={styles.loadingBar} />}
      </div>
      <div id={statusId} role="status" className={styles.status}>
        {error ? (
          <p className={styles.error}>{error}</p>
        ) : message && !showGrid ? (
          <ServerMessage header={message.header} body={message.body} onViewAnyway={media.length > 0 ? () => setShownAnyway(result) : null} />
        ) : result && media.length === 0 ? (
          <p className={styles.joke}>{search.joke}</p>
        ) : null}
      </div>
      {showGrid && (
        <div ref={gridRef} className={styles.scroller}>
          <GifGrid items={media} onPick={onPick} onLeaveTop={() => inputRef.current?.focus()} />
        </div>
      )}
    </div>
  );
}

/** Spec 1 §8: the server's message, as text with script and link tags stripped. */
function ServerMessage({ header, body, onViewAnyway }: { header: string; body: string; onViewAnyway: (() => void) | null }) {
  const headerText = messageText(header);
  const bodyText = messageText(body);
  return (
    <div className={styles.message}>
      {headerText && <p className={styles.messageHeader}>{headerText}</p>}
      {bodyText && <p>{bodyText}</p>}
      {onViewAnyway && (
        <button type="button" className={styles.anyway} onClick={onViewAnyway}>
          View results anyway
        </button>
      )}
    </div>
  );
}
