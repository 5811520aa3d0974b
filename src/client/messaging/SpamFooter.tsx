import { useState } from 'react';
import { SPAM_PROMPTS } from './use-message-safety';
import styles from './Window.module.css';

/** Spec 2 §4: a conversation the server thinks may be spam offers 'Mark as spam' in its footer. */
export function SpamFooter({ onMarkSpam }: { onMarkSpam: () => void }) {
  const [prompt] = useState(() => SPAM_PROMPTS[Math.floor(Math.random() * SPAM_PROMPTS.length)]!);
  return (
    <div className={styles.spamFooter} role="note">
      <span>{prompt}</span>
      <button type="button" onClick={onMarkSpam}>
        Mark as spam
      </button>
    </div>
  );
}
