import { useRef } from 'react';
import styles from './SourceEditor.module.css';
import { useAutoGrow } from './use-auto-grow';

export interface SourceEditorProps {
  value: string;
  onChange: (text: string) => void;
  mode: 'html' | 'markdown';
  ariaLabel: string;
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
}

/** The html and markdown editor types: the post's source in a plain, growing textarea. */
export function SourceEditor({ value, onChange, mode, ariaLabel, placeholder, autoFocus, className }: SourceEditorProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  useAutoGrow(ref, value);
  return (
    <textarea
      ref={ref}
      className={[styles.source, mode === 'html' ? styles.html : styles.markdown, className].filter(Boolean).join(' ')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      aria-label={ariaLabel}
      placeholder={placeholder}
      autoFocus={autoFocus}
      rows={4}
      // Markup is not prose: the spell checker would underline every tag.
      spellCheck={mode === 'markdown'}
      autoCapitalize="off"
      data-editor-mode={mode}
    />
  );
}
