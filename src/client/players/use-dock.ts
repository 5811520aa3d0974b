import { useCallback, useEffect, useId, useRef, useSyncExternalStore } from 'react';
import { dockedId, releaseDock, requestDock, subscribeDock } from './dock';

interface DockOptions {
  /** The player is playing at the person's wish (not autoplaying): leaving the view docks it. */
  canDock: boolean;
  demandsEviction: boolean;
  /** Another view took the dock, or the dock was refused: stop, as an out-of-view player does. */
  stop: () => void;
}

/**
 * A player's place in the dock (spec 2 §4): `outOfView()` docks it when it may (answering
 * whether it did), `inView()` and `close()` take it back. It leaves the dock when unmounted.
 */
export function useDock({ canDock, demandsEviction, stop }: DockOptions) {
  const id = useId();
  const latest = useRef({ canDock, demandsEviction, stop });
  useEffect(() => {
    latest.current = { canDock, demandsEviction, stop };
  });
  const docked = useSyncExternalStore(subscribeDock, () => dockedId() === id, () => false);
  useEffect(() => () => releaseDock(id), [id]);

  const outOfView = useCallback((): boolean => {
    const { canDock: may, demandsEviction: demands } = latest.current;
    if (!may) return false;
    return requestDock({ id, demandsEviction: demands, onEvicted: () => latest.current.stop() });
  }, [id]);
  const inView = useCallback(() => releaseDock(id), [id]);
  const close = useCallback(() => {
    releaseDock(id);
    latest.current.stop();
  }, [id]);
  return { docked, outOfView, inView, close };
}
