import { useSyncExternalStore } from 'react';
import { Modal } from './Modal';
import styles from './Modal.module.css';
import { Button } from './Button';

interface Dialog {
  id: number;
  kind: 'confirm' | 'alert';
  message: string;
  okLabel: string;
  cancelLabel: string;
  resolve: (ok: boolean) => void;
}

// Dialogs queue: when one is open, the next waits until it is answered (spec 1 §2).
let queue: Dialog[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function enqueue(dialog: Omit<Dialog, 'id' | 'resolve'>): Promise<boolean> {
  return new Promise((resolve) => {
    queue = [...queue, { ...dialog, id: nextId++, resolve }];
    emit();
  });
}

function answer(id: number, ok: boolean) {
  const dialog = queue.find((d) => d.id === id);
  queue = queue.filter((d) => d.id !== id);
  emit();
  dialog?.resolve(ok);
}

export interface ConfirmOptions {
  okLabel?: string;
  cancelLabel?: string;
}

/** Asks a yes-or-no question; resolves true for OK (or the given label). */
export const confirmDialog = (message: string, options: ConfirmOptions = {}) =>
  enqueue({ kind: 'confirm', message, okLabel: options.okLabel ?? 'OK', cancelLabel: options.cancelLabel ?? 'Cancel' });

/** Tells the person something; resolves when they dismiss it. */
export const alertDialog = async (message: string, okLabel = 'OK') => {
  await enqueue({ kind: 'alert', message, okLabel, cancelLabel: '' });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Shows the first dialog in the queue. Mounted once, in the layout. */
export function DialogHost() {
  const current = useSyncExternalStore(subscribe, () => queue[0] ?? null);
  if (!current) return null;
  return (
    <Modal
      key={current.id}
      open
      title={current.kind === 'confirm' ? 'Please confirm' : 'Notice'}
      showTitle={false}
      onClose={() => answer(current.id, false)}
    >
      <p className={styles.message}>{current.message}</p>
      <div className={styles.buttons}>
        {current.kind === 'confirm' && (
          <Button variant="secondary" onClick={() => answer(current.id, false)}>
            {current.cancelLabel}
          </Button>
        )}
        <Button
         
          data-autofocus
          variant="primary"
          onClick={() => answer(current.id, true)}
        >
          {current.okLabel}
        </Button>
      </div>
    </Modal>
  );
}
