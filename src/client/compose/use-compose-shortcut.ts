import { useEffect } from 'react';
import { isTypingTarget } from '../ui/page-keys';

const isMac = () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);


/** Spec 1 §2: alt+c on a Mac, z+c (z held, then c) elsewhere, toggles fast compose. */
export function useComposeShortcut(enabled: boolean, toggle: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const mac = isMac();
    let zHeld = false;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === 'KeyZ' && !event.altKey && !event.ctrlKey && !event.metaKey) zHeld = true;
      if (event.code !== 'KeyC' || isTypingTarget(event.target) || event.ctrlKey || event.metaKey) return;
      if (mac ? event.altKey : zHeld && !event.altKey) {
        event.preventDefault();
        event.stopPropagation();
        toggle();
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.code === 'KeyZ') zHeld = false;
    };
    const reset = () => {
      zHeld = false;
    };
    // Capture: the overlay's own c-key handling must not see the toggle.
    window.addEventListener('keydown', onKeyDown, true);
    window.addEventListener('keyup', onKeyUp, true);
    window.addEventListener('blur', reset);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      window.removeEventListener('keyup', onKeyUp, true);
      window.removeEventListener('blur', reset);
    };
  }, [enabled, toggle]);
}
