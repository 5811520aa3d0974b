import { useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import styles from './Toast.module.css';

/** How long a toast stays when left alone; hovering or focusing it holds it. */
export const TOAST_MS = 6000;

interface Toast {
  id: number;
  text: string;
  /** Called instead of onExpire when the person presses Undo. */
  onUndo?: () => void;
  /** Called once when the toast goes without Undo: timed out, dismissed or ended. */
  onExpire?: () => void;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function take(id: number): Toast | undefined {
  const toast = toasts.find((t) => t.id === id);
  if (toast) {
    toasts = toasts.filter((t) => t.id !== id);
    emit();
  }
  return toast;
}

/** Shows a short notice, with Undo when onUndo is given; returns its id. */
export function showToast(toast: Omit<Toast, 'id'>): number {
  const id = nextId++;
  toasts = [...toasts, { ...toast, id }];
  emit();
  return id;
}

/** Ends a toast as if its time ran out (its onExpire runs). */
export const expireToast = (id: number) => take(id)?.onExpire?.();
/** Ends a toast by Undo (its onUndo runs, onExpire never). */
export const undoToast = (id: number) => take(id)?.onUndo?.();
/** Removes a toast without calling either (its owner already acted). */
export const dropToast = (id: number) => void take(id);

function ToastItem({ toast }: { toast: Toast }) {
  const [held, setHeld] = useState({ hover: false, focus: false });
  const ref = useRef<HTMLDivElement>(null);
  const paused = held.hover || held.focus;
  useEffect(() => {
    if (paused) return;
    // A fresh full time after each pause: someone who looked away gets the whole window back.
    const timer = window.setTimeout(() => expireToast(toast.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      expireToast(toast.id);
    }
  };
  return (
    <div
      ref={ref}
      className={styles.toast}
      onMouseEnter={() => setHeld((h) => ({ ...h, hover: true }))}
      onMouseLeave={() => setHeld((h) => ({ ...h, hover: false }))}
      onFocus={() => setHeld((h) => ({ ...h, focus: true }))}
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setHeld((h) => ({ ...h, focus: false }));
      }}
      onKeyDown={onKeyDown}
    >
      <span className={styles.text}>{toast.text}</span>
      {toast.onUndo && (
        <button type="button" className={styles.undo} onClick={() => undoToast(toast.id)}>
          Undo
        </button>
      )}
      <button type="button" className={styles.close} onClick={() => expireToast(toast.id)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

/**
 * Where toasts show, bottom left. Mounted once, in the layout; the live region stays in the page
 * so screen readers announce each new toast.
 */
export function ToastHost() {
  const list = useSyncExternalStore(subscribe, () => toasts);
  return (
    <div role="status" aria-live="polite" className={styles.region}>
      {list.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
