import type { ReactNode } from 'react';
import styles from './uploads.module.css';

interface FilePickerProps {
  /** The visible text, which is also the input's name. */
  children: ReactNode;
  accept: string;
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}

/** A button-looking label around a real file input: Tab reaches it, Enter or Space opens the picker. */
export function FilePicker({ children, accept, multiple, disabled, onFiles }: FilePickerProps) {
  return (
    <label className={[styles.picker, disabled ? styles.pickerDisabled : ''].join(' ')}>
      <input
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // Cleared, so that picking the same file again (after removing it) still fires a change.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {children}
    </label>
  );
}
