import { useLayoutEffect, type RefObject } from 'react';

/** Makes a textarea as tall as its text, so the form scrolls instead of the field. */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, text: string) {
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Shrink first: scrollHeight never goes below the current height.
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [ref, text]);
}
