// What the players' controllers use of an <audio>/<video> element: a narrow interface, so tests
// drive them with a fake element and fake timers.

export type MediaLike = Pick<
  HTMLMediaElement,
  'play' | 'pause' | 'paused' | 'currentTime' | 'duration' | 'muted' | 'volume' | 'src' | 'error' | 'addEventListener' | 'removeEventListener'
>;

/** A tiny observable state for useSyncExternalStore. */
export class Store<S> {
  private listeners = new Set<() => void>();
  constructor(private state: S) {}

  get = () => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected set(patch: Partial<S>) {
    this.state = { ...this.state, ...patch };
    for (const listener of [...this.listeners]) listener();
  }
}

/** Listens on a media element; returns the function that stops listening. */
export function listen(media: MediaLike, handlers: Record<string, () => void>): () => void {
  for (const [name, handler] of Object.entries(handlers)) media.addEventListener(name, handler);
  return () => {
    for (const [name, handler] of Object.entries(handlers)) media.removeEventListener(name, handler);
  };
}

/** A play() whose refusal (autoplay policy, a source that fails) comes back as the 'error' event or nothing. */
export function safePlay(media: MediaLike): void {
  void media.play().catch(() => undefined);
}

export const clamp01 = (n: number) => Math.min(1, Math.max(0, Number.isFinite(n) ? n : 0));
