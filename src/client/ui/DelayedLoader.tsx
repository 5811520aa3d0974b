import { useEffect, useState } from 'react';
import { LOADER_DELAY_MS } from '../../shared/constants';
import styles from './DelayedLoader.module.css';

/** A loader that only shows when loading takes longer than the spec's delay (no flash for fast loads). */
export function DelayedLoader({ label }: { label: string }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div className={styles.loader} role="status" aria-busy="true">
      {shown && (
        <>
          <span className={styles.spinner} aria-hidden="true" />
          {label}
        </>
      )}
    </div>
  );
}
