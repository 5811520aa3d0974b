import type { InputHTMLAttributes } from 'react';
import styles from './Field.module.css';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  hint?: string;
  error?: string;
}

/** A labelled input with its hint and its error, announced to screen readers. */
export function Field({ label, name, hint, error, ...input }: FieldProps) {
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <label className={styles.field}>
      {label}
      <input name={name} aria-invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      {error ? (
        <span id={`${name}-error`} className={styles.fieldError}>
          {error}
        </span>
      ) : (
        hint && (
          <span id={`${name}-hint`} className={styles.hint}>
            {hint}
          </span>
        )
      )}
    </label>
  );
}
