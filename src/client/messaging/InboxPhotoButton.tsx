// Image upload from the inbox (spec 2 §5): any image/*, one at a time, at most the server's limit.
// A good file opens the conversation with the image waiting in its preview strip, where it is
// sent like any other; a refused one says why in the inbox.
import { useId, useRef } from 'react';
import styles from './Inbox.module.css';

export function InboxPhotoButton({ name, onFile }: { name: string; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={styles.photoButton}
        // The name stays short (the row itself is named by the blog); the description says to whom.
        aria-label="Send a photo"
        title={`Send a photo to ${name}`}
        onClick={() => input.current?.click()}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path fill="currentColor" d="M9 4 7.2 6H4a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-3.2L15 4zm3 4.5a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z" />
        </svg>
      </button>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        hidden
        tabIndex={-1}
        aria-label={`Photo for ${name}`}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file may be picked again after a refusal.
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
