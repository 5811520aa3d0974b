import { useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { preloadFloatingWhenIdle, useFloatingPlacement } from './floating';
import { layerRootOf } from './ModalDialog';
import styles from './Tooltip.module.css';

interface Tip {
  text: string;
  element: Element;
}

/** Spec 2 §2: tooltips sit above their element by default, centred on it (the 50% offset). */
const TOOLTIP_GAP = 6;

/**
 * One tooltip for the whole page: any element with a data-tooltip attribute shows its text
 * on hover or keyboard focus, above the element (below when there is no room above), placed by
 * the floating-element primitive. Mounted once, in the layout; shown inside the modal dialog
 * its element sits in, if any, since a modal covers everything outside it.
 */
export function TooltipLayer() {
  const [tip, setTip] = useState<Tip | null>(null);
  const { refs, floatingStyles, side } = useFloatingPlacement({ open: tip !== null, placement: 'top', gap: TOOLTIP_GAP });

  useLayoutEffect(() => {
    refs.setReference(tip?.element ?? null);
  }, [tip, refs]);

  // Mounted once with the shell: a good moment to fetch the positioning engine for later.
  useEffect(() => preloadFloatingWhenIdle(), []);

  useEffect(() => {
    const show = (event: Event) => {
      const target = (event.target as Element | null)?.closest?.('[data-tooltip]');
      const text = target?.getAttribute('data-tooltip');
      if (!target || !text) return;
      setTip({ text, element: target });
    };
    const hide = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('[data-tooltip]')) setTip(null);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setTip(null);
    const onPress = () => setTip(null);
    document.addEventListener('mouseover', show);
    document.addEventListener('focusin', show);
    document.addEventListener('mouseout', hide);
    document.addEventListener('focusout', hide);
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    window.addEventListener('scroll', onPress, { passive: true });
    return () => {
      document.removeEventListener('mouseover', show);
      document.removeEventListener('focusin', show);
      document.removeEventListener('mouseout', hide);
      document.removeEventListener('focusout', hide);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
      window.removeEventListener('scroll', onPress);
    };
  }, []);
  if (!tip) return null;
  return createPortal(
    <div ref={(element) => refs.setFloating(element)} role="tooltip" className={styles.tooltip} data-side={side} style={floatingStyles}>
      {tip.text}
    </div>,
    layerRootOf(tip.element),
  );
}
