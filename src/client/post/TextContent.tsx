import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';

export function TextContent({ content }: ContentProps<'text'>) {
  return (
    <div className={styles.block}>
      {content.title && <h2 className={styles.title}>{content.title}</h2>}
      <SanitizedHtml html={content.body_html} className={styles.html} />
    </div>
  );
}
