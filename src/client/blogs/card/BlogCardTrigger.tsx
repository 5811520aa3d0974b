import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { BlogSeed } from '../../api/blogs';
import styles from './BlogCardPopover.module.css';
import { anchorElement } from './card-constants';
import { FOCUSABLE, focusableIn } from '../../ui/focusable';
import { useHoverCard } from './use-hover-card';

// The card itself loads with the first hover: every name on the page has a trigger, and the
// card's code (theme, follow, block) is not needed until then. Loaded by hand rather than with
// React.lazy: Suspense may hold back a reveal, and the card's timings (spec 1 §9) must not move.
type CardModule = typeof import('./BlogCardPopover');
let loaded: CardModule | null = null;
let loading: Promise<CardModule> | null = null;

/** Loads the card's code once; tests call it first so that cards open in the same tick. */
export function loadBlogCard(): Promise<CardModule> {
  loading ??= import('./BlogCardPopover').then((module) => (loaded = module));
  return loading;
}

function useCardModule(wanted: boolean): CardModule | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (wanted && !module) void loadBlogCard().then(setModule);
  }, [wanted, module]);
  return module ?? loaded;
}

/**
 * Wrap a blog's name or avatar in this: hovering it (or focusing it) opens the blog card
 * (spec 1 §2). Keyboard: Tab from the name goes into the open card, Escape closes it, and
 * leaving the card's last control comes back to the name.
 */
export function BlogCardTrigger({ blog, children }: { blog: BlogSeed; children: ReactNode }) {
  const card = useHoverCard();
  const cardModule = useCardModule(card.mounted);
  const triggerRef = useRef<HTMLSpanElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  // Focus put back on the name by the card itself must not open the card again.
  const returning = useRef(false);
  // Following the pointer on its way from the name to the card (the safe area), when it is.
  const stopSafeArea = useRef<(() => void) | null>(null);
  const endSafeArea = () => {
    stopSafeArea.current?.();
    stopSafeArea.current = null;
  };
  useEffect(() => {
    if (!card.mounted) endSafeArea();
  }, [card.mounted]);
  useEffect(() => endSafeArea, []);

  /** The pointer is on the name or the card again. */
  const pointerEnter = () => {
    endSafeArea();
    card.enter();
  };
  /**
   * The pointer left the name: on its way to the card, through the safe area, the card stays;
   * elsewhere the close countdown starts (spec 1 §4: 300 ms).
   */
  const pointerLeaveTrigger = (event: PointerEvent) => {
    if (event.pointerType === 'touch' || inCard(event.relatedTarget)) return;
    endSafeArea();
    const reference = anchorElement(triggerRef);
    if (card.open && cardModule && cardRef.current && reference) {
      stopSafeArea.current = cardModule.followSafeArea(event, reference, cardRef.current, card.leave);
    } else {
      card.leave();
    }
  };

  const inCard = (node: EventTarget | null) => node instanceof Node && Boolean(cardRef.current?.contains(node));
  const inTrigger = (node: EventTarget | null) => node instanceof Node && Boolean(triggerRef.current?.contains(node));

  const backToTrigger = () => {
    returning.current = true;
    card.close();
    (anchorElement(triggerRef)?.matches(FOCUSABLE) ? anchorElement(triggerRef) : triggerRef.current?.querySelector<HTMLElement>(FOCUSABLE))?.focus();
  };

  const onFocus = (event: FocusEvent) => {
    if (inCard(event.target)) return;
    if (returning.current) {
      returning.current = false;
      return;
    }
    card.enter();
  };
  // Focus moving between the name and the card keeps it open; anywhere else starts the close.
  const onBlur = (event: FocusEvent) => {
    if (!inCard(event.relatedTarget) && !inTrigger(event.relatedTarget)) card.leave();
  };

  const onTriggerKeyDown = (event: KeyboardEvent) => {
    if (inCard(event.target) || !card.open) return;
    if (event.key === 'Escape') {
      card.close();
    } else if (event.key === 'Tab' && !event.shiftKey) {
      const first = cardRef.current?.querySelector<HTMLElement>(FOCUSABLE);
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  const onCardKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    const controls = focusableIn(cardRef.current);
    const atEnd = event.key === 'Tab' && !event.shiftKey && event.target === controls.at(-1);
    const atStart = event.key === 'Tab' && event.shiftKey && event.target === controls[0];
    if (event.key === 'Escape' || atEnd || atStart) {
      event.preventDefault();
      backToTrigger();
    }
  };

  return (
    <span
      ref={triggerRef}
      className={styles.trigger}
      onPointerEnter={(event) => event.pointerType !== 'touch' && pointerEnter()}
      onPointerLeave={pointerLeaveTrigger}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onTriggerKeyDown}
    >
      {children}
      {card.mounted && cardModule && (
        <cardModule.BlogCardPopover
          ref={cardRef}
          blog={blog}
          anchorRef={triggerRef}
          visible={card.visible}
          onPointerEnter={pointerEnter}
          onPointerLeave={card.leave}
          onBlur={onBlur}
          onKeyDown={onCardKeyDown}
          hold={card.hold}
        />
      )}
    </span>
  );
}
