import { useEffect, useState } from 'react';

/**
 * Keeps an element mounted while it fades out: `mounted` stays true for `exitMs` after `open`
 * turns false, and `visible` turns true one frame after mounting so a CSS transition runs.
 */
export function usePresence(open: boolean, exitMs: number) {
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open) {
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    const timer = setTimeout(() => {
      setMounted(false);
      setShown(false);
    }, exitMs);
    return () => clearTimeout(timer);
  }, [open, exitMs]);
  return { mounted, visible: open && shown };
}
