import type { FormEvent, ReactNode } from 'react';
import type { ApiError } from '../api/client';
import styles from './settings.module.css';
import { Button } from '../ui/Button';

interface SettingsFormShellProps {
  /** The call's refusal: shown above the fields unless it names a field (the field shows it then). */
  error: ApiError | null;
  /** The status line after a success, or null. */
  done: ReactNode;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
  children: ReactNode;
}

/**
 * The account settings' forms (email, password): one refusal line, one status line, the fields,
 * and the button that reads 'Saving…' while the call runs. Validation is the server's, so the
 * browser's own is off.
 */
export function SettingsFormShell({ error, done, pending, submitLabel, onSubmit, children }: SettingsFormShellProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {error && !error.items.some((item) => item.field) && (
        <p role="alert" className={styles.alert}>
          {error.message}
        </p>
      )}
      {done && (
        <p role="status" className={styles.done}>
          {done}
        </p>
      )}
      {children}
      <Button variant="primary" size="large" className={styles.button} type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
    </form>
  );
}
