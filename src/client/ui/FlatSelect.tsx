import { useId } from 'react';
import styles from './FlatSelect.module.css';

export interface FlatOption<V extends string> {
  value: V;
  label: string;
}

interface FlatSelectProps<V extends string> {
  /** The field's name in a form (a GET form sends it as typed). */
  name: string;
  /** What the select is for, read by screen readers and shown before the choice. */
  label: string;
  value: V;
  options: ReadonlyArray<FlatOption<V>>;
  onChange: (value: V) => void;
}

/**
 * The flat select (spec 2 §2): a native select drawn as flat text, mirroring the chosen option's
 * text into its label. The select itself lies over the label, transparent, so keyboard, touch
 * and screen readers get the platform's own control.
 */
export function FlatSelect<V extends string>({ name, label, value, options, onChange }: FlatSelectProps<V>) {
  const id = useId();
  const chosen = options.find((o) => o.value === value) ?? options[0];
  return (
    <span className={styles.flat}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className={styles.label} aria-hidden="true">
        {chosen?.label}
        <svg viewBox="0 0 10 6" width="10" height="6">
          <path d="M0 0l5 6 5-6z" fill="currentColor" />
        </svg>
      </span>
      <select id={id} name={name} value={value} className={styles.select} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </span>
  );
}
