import { useCallback, useEffect, useRef, useState } from 'react';
import { usePresence } from '../../ui/use-presence';
import { CARD_CLOSE_DELAY_MS, CARD_REMOVE_MS } from './card-constants';

/**
 * When the card shows (spec 1 §4): it opens when the pointer or focus reaches the trigger, stays
 * while either is on the trigger or the card, closes CARD_CLOSE_DELAY_MS after both have left,
 * and stays mounted CARD_REMOVE_MS more while it fades. A question asked from the card (a
 * menu's confirm) holds it open until it is answered.
 */
export function useHoverCard() {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inside = useRef(false);
  const holds = useRef(0);
  const presence = usePresence(open, CARD_REMOVE_MS);

  const cancelClose = useCallback(() => clearTimeout(timer.current), []);
  const scheduleClose = useCallback(() => {
    clearTimeout(timer.current);
    if (holds.current > 0) return;
    timer.current = setTimeout(() => setOpen(false), CARD_CLOSE_DELAY_MS);
  }, []);

  /** The pointer or focus arrived on the trigger or the card. */
  const enter = useCallback(() => {
    inside.current = true;
    cancelClose();
    setOpen(true);
  }, [cancelClose]);

  /** The pointer or focus left the trigger or the card. */
  const leave = useCallback(() => {
    inside.current = false;
    scheduleClose();
  }, [scheduleClose]);

  /** Escape: closes now (it still fades out). */
  const close = useCallback(() => {
    cancelClose();
    setOpen(false);
  }, [cancelClose]);

  const hold = useCallback(
    (answer: Promise<unknown>) => {
      holds.current += 1;
      cancelClose();
      const release = () => {
        holds.current -= 1;
        if (holds.current === 0 && !inside.current) scheduleClose();
      };
      answer.then(release, release);
    },
    [cancelClose, scheduleClose],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // Escape closes an open card wherever the focus is (a card opened by the mouse has none),
  // unless it answers a question asked from the card.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && holds.current === 0) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  return { open, mounted: presence.mounted, visible: presence.visible, enter, leave, close, hold };
}
