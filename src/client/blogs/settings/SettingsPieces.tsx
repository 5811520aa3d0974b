import type { ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import styles from './BlogSettingsPage.module.css';
import { Button } from '../../ui/Button';

export interface SwitchItem<K extends string> {
  key: K;
  label: string;
  /** Off while another switch makes this one meaningless (anonymous asks without asks). */
  disabled?: boolean;
}

/** A group of the blog settings' on/off rows under a legend: each a checkbox named by its setting. */
export function SwitchRows<K extends string>({ legend, items, values, onChange, children }: {
  legend: string;
  items: readonly SwitchItem<K>[];
  values: Record<K, boolean>;
  onChange: (key: K, on: boolean) => void;
  /** More of the group below the switches (a field that goes with them). */
  children?: ReactNode;
}) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {items.map(({ key, label, disabled }) => (
        <label key={key} className={styles.inline}>
          <input type="checkbox" name={key} checked={values[key]} disabled={disabled} onChange={(e) => onChange(key, e.target.checked)} />
          {label}
        </label>
      ))}
      {children}
    </fieldset>
  );
}

/**
 * The foot of a blog settings form: the server's refusal, the save button (off until something
 * changed, or while `blocked`), and 'Saved.' once the draft is what the server holds.
 */
export function SaveBar({ error, dirty, pending, saved, label = 'Save', blocked = false }: {
  error: ApiError | null;
  dirty: boolean;
  pending: boolean;
  saved: boolean;
  label?: string;
  blocked?: boolean;
}) {
  return (
    <>
      {error && (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      )}
      <div className={styles.submitRow}>
        <Button type="submit" variant="primary" size="large" disabled={!dirty || blocked || pending}>
          {pending ? 'Saving…' : label}
        </Button>
        {saved && !dirty && (
          <span role="status" className={styles.saved}>
            Saved.
          </span>
        )}
      </div>
    </>
  );
}
