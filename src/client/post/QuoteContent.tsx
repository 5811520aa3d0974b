import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';

// The quote and its source belong to the quote itself: a reblog shows them too.
export function QuoteContent({ content }: ContentProps<'quote'>) {
  return (
    <figure className={`${styles.block} ${styles.figure}`}>
      <SanitizedHtml as="blockquote" html={content.quote_html} className={`${styles.html} ${styles.quote}`} />
      {content.source_html && (
        <figcaption className={styles.source}>
          <span aria-hidden="true">—</span>
          <SanitizedHtml html={content.source_html} className={styles.html} />
        </figcaption>
      )}
    </figure>
  );
}
