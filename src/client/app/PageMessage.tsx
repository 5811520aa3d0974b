import type { ReactNode } from 'react';
import styles from './page.module.css';

/** A short centred message in the column: loading, an error, a page that does not exist. */
export function PageMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className={styles.column}>
      <div className={styles.card} role={busy ? 'status' : undefined} aria-busy={busy || undefined}>
        {children}
      </div>
    </div>
  );
}

/** A page whose data could not be loaded: the reason, and Try again. */
export function LoadFailed({ message, onRetry }: { message: string | undefined; onRetry: () => unknown }) {
  return (
    <PageMessage>
      <span role="alert">{message}</span>{' '}
      <button type="button" onClick={() => void onRetry()}>
        Try again
      </button>
    </PageMessage>
  );
}
