import type { ReactNode } from 'react';
import { worthRetrying } from '../api/client';
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

/** A page that could not load: the reason, and Try again when asking again could help. */
export function LoadFailed({ error, onRetry }: { error: Error | null | undefined; onRetry: () => unknown }) {
  return (
    <PageMessage>
      <span role="alert">{error?.message}</span>{' '}
      {worthRetrying(error) && (
        <button type="button" onClick={() => void onRetry()}>
          Try again
        </button>
      )}
    </PageMessage>
  );
}
