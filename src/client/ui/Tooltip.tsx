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

/** An element whose popover (or menu) is open: its tooltip would cover what it opened. */
const isOpen = (element: Element) => element.getAttribute('aria-expanded') === 'true';

/**
 * One tooltip for the whole page: any element with a data-tooltip attribute shows its text
 * on mouse hover or keyboard focus, above the element (below when there is no room above), placed by
 * the floating-element primitive. Mounted once, in the layout; shown inside the modal dialog
 * its element sits in, if any, since a modal covers everything outside it.
 *
 * Never on touch: a tap is no hover, and a tooltip shown by a tap's focus would stay until the
 * next tap. So hover counts for a mouse only, and focus only when it follows a key (the focus a
 * click or a tap gives does not). Never over the popover its element opened (aria-expanded).
 */
export function TooltipLayer() {
  const [tip, setTip] = useState<Tip | null>(null);
  const { refs, floatingStyles, side } = useFloatingPlacement({ open: tip !== null, placement: 'top', gap: TOOLTIP_GAP });

  useLayoutEffect(() => {
    refs.setReference(tip?.element ?? null);
  }, [tip, refs]);

  // Mounted once with the shell: a good moment to fetch the positioning engine for later.
  useEffect(() => preloadFloatingWhenIdle(), []);

  // The element opens its popover (a click, Enter): the tip goes.
  useEffect(() => {
    if (!tip) return;
    const observer = new MutationObserver(() => isOpen(tip.element) && setTip(null));
    observer.observe(tip.element, { attributes: true, attributeFilter: ['aria-expanded'] });
    return () => observer.disconnect();
  }, [tip]);

  useEffect(() => {
    // What moved the focus last: a pointer press (mouse, pen or touch) or a key.
    let pressed = false;
    const show = (event: Event) => {
      const target = (event.target as Element | null)?.closest?.('[data-tooltip]');
      const text = target?.getAttribute('data-tooltip');
      if (!target || !text || isOpen(target)) return;
      setTip({ text, element: target });
    };
    const onPointerOver = (event: PointerEvent) => event.pointerType === 'mouse' && show(event);
    const onFocusIn = (event: FocusEvent) => !pressed && show(event);
    const hide = (event: Event) => {
      if ((event.target as Element | null)?.closest?.('[data-tooltip]')) setTip(null);
    };
    const onKey = (event: KeyboardEvent) => {
      pressed = false;
      if (event.key === 'Escape') setTip(null);
    };
    const onPress = () => {
      pressed = true;
      setTip(null);
    };
    const onScroll = () => setTip(null);
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('pointerout', hide);
    document.addEventListener('focusout', hide);
    document.addEventListener('keydown', onKey, true);
    document.addEventListener('pointerdown', onPress, true);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('pointerout', hide);
      document.removeEventListener('focusout', hide);
      document.removeEventListener('keydown', onKey, true);
      document.removeEventListener('pointerdown', onPress, true);
      window.removeEventListener('scroll', onScroll);
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
