import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';

/** An answered ask: the question in a bubble with who asked, then the answer. */
export function NoteContent({ content }: ContentProps<'note'>) {
  return (
    <div className={styles.block}>
      <div className={styles.ask}>
        <span className={styles.asker}>{content.asking_name || 'Anonymous'} asked:</span>
        <p className={styles.question}>{content.question}</p>
      </div>
      <SanitizedHtml html={content.answer_html} className={styles.html} />
    </div>
  );
}
