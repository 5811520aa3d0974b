// Scrolls a scrollable container so a target sits inside it with some room, animated (the post
// form's "scroll into view": spec 1 §9, 400 ms with 20 px padding).

const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

const reducedMotion = () => Boolean(window.matchMedia?.('(prefers-reduced-motion: reduce)').matches);

/** How far to scroll: the target's top comes into view first, then as much of the rest as fits. */
export function scrollDelta(container: { top: number; bottom: number }, target: { top: number; bottom: number }, padding: number) {
  const above = target.top - container.top - padding;
  if (above < 0) return above;
  const below = target.bottom - container.bottom + padding;
  return below > 0 ? Math.min(above, below) : 0;
}

/** Starts the scroll; `onDone` is called when it ends (never synchronously). Returns a cancel. */
export function scrollIntoViewAnimated(
  container: HTMLElement,
  target: HTMLElement,
  { duration, padding }: { duration: number; padding: number },
  onDone: () => void,
): () => void {
  const delta = scrollDelta(container.getBoundingClientRect(), target.getBoundingClientRect(), padding);
  const start = container.scrollTop;
  if (delta === 0 || reducedMotion() || typeof requestAnimationFrame !== 'function') {
    container.scrollTop = start + delta;
    const timer = setTimeout(onDone, 0);
    return () => clearTimeout(timer);
  }
  let frame = 0;
  let began: number | null = null;
  const step = (now: number) => {
    began ??= now;
    const progress = Math.min(1, (now - began) / duration);
    container.scrollTop = start + delta * ease(progress);
    if (progress < 1) frame = requestAnimationFrame(step);
    else onDone();
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}
