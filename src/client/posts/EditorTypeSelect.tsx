import { useState } from 'react';
import { EDITOR_TYPES, type EditorType } from '../../shared/constants';
import styles from './PostForm.module.css';
import { Select } from '../ui/Select';

const LABELS: Record<EditorType, string> = { rich: 'Rich text', html: 'HTML', markdown: 'Markdown' };

interface EditorTypeSelectProps {
  value: EditorType;
  /** Switches, converting what was written; resolves when the switch is done. */
  onChange: (editorType: EditorType) => Promise<void>;
  disabled: boolean;
}

/** Which editor writes the body: rich text, HTML source or markdown. */
export function EditorTypeSelect({ value, onChange, disabled }: EditorTypeSelectProps) {
  const [busy, setBusy] = useState(false);
  return (
    <label className={styles.editorType}>
      <span className="visually-hidden">Editor</span>
      <Select
        value={value}
        disabled={disabled || busy}
        onChange={(event) => {
          const next = event.currentTarget.value as EditorType;
          setBusy(true);
          // The markdown parser loads on first use: keep the choice until it is applied.
          void onChange(next).finally(() => setBusy(false));
        }}
      >
        {EDITOR_TYPES.map((type) => (
          <option key={type} value={type}>
            {LABELS[type]}
          </option>
        ))}
      </Select>
    </label>
  );
}
