import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { COMPOSE_MAX_LENGTH, COMPOSE_PLACEHOLDERS, OFFLINE_PLACEHOLDER } from '../../shared/messaging/constants';
import styles from './Window.module.css';

interface Props {
  /** Loading or in error: nothing can be sent (spec 2 §5). */
  disabled: boolean;
  onSend: (text: string) => void;
  /** Escape on an empty box closes the window. */
  onCloseWindow: () => void;
  /** Every keystroke: the poller speeds up (at most once per 30 s). */
  onTyping: () => void;
  /** Where attachment plugins (GIF search, image upload, stickers) go. */
  plugins?: ReactNode;
  textareaRef?: (element: HTMLTextAreaElement | null) => void;
  label: string;
  /** An image waits in the preview: it may go alone, so empty text is allowed (spec 2 §4). */
  allowEmpty?: boolean;
  /** A file pasted into the box (the last one). */
  onPasteFile?: (file: File) => void;
}

const subscribeOnline = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** The window's compose box (spec 2 §5): Enter sends, Shift+Enter a newline, Escape clears or closes. */
export function Compose({ disabled, onSend, onCloseWindow, onTyping, plugins, textareaRef, label, allowEmpty = false, onPasteFile }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [placeholder] = useState(() => COMPOSE_PLACEHOLDERS[Math.floor(Math.random() * COMPOSE_PLACEHOLDERS.length)]!);
  const online = useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);

  const submit = () => {
    const trimmed = text.trim();
    if (disabled || (trimmed === '' && !allowEmpty)) return;
    onSend(trimmed);
    setText('');
  };

  return (
    <div className={styles.compose}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        id={id}
        ref={textareaRef}
        className={styles.textarea}
        rows={1}
        maxLength={COMPOSE_MAX_LENGTH}
        placeholder={online ? placeholder : OFFLINE_PLACEHOLDER}
        value={text}
        disabled={disabled}
        onPaste={(event) => {
          const files = event.clipboardData?.files;
          if (!onPasteFile || !files || files.length === 0) return;
          event.preventDefault();
          onPasteFile(files[files.length - 1]!);
        }}
        onChange={(event) => {
          setText(event.currentTarget.value);
          onTyping();
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            if (text === '') onCloseWindow();
            else setText('');
          }
        }}
      />
      {plugins && <div className={styles.plugins}>{plugins}</div>}
    </div>
  );
}
