import type { ContentProps } from './content-props';
import styles from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';

/** The address's host without "www.", or null for something that is not a URL. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return null;
  }
}

export function LinkContent({ content }: ContentProps<'link'>) {
  const host = hostOf(content.url);
  return (
    <div className={styles.block}>
      <a className={styles.linkCard} href={content.url} target="_blank" rel="noopener noreferrer nofollow">
        {content.thumbnail && <img src={content.thumbnail} alt="" loading="lazy" />}
        <span className={styles.linkText}>
          <span className={styles.linkTitle}>{content.title || host || content.url}</span>
          {content.excerpt && <span>{content.excerpt}</span>}
          {host && <span className={styles.host}>{host}</span>}
        </span>
      </a>
      {content.author && <p className={styles.author}>By {content.author}</p>}
      <SanitizedHtml html={content.description_html} className={styles.html} />
    </div>
  );
}
