import type { ContentProps } from './content-props';
import styles from './content.module.css';
import { SanitizedHtml } from './SanitizedHtml';

export function VideoContent({ content }: ContentProps<'video'>) {
  return (
    <div className={styles.block}>
      {content.embed_html ? (
        <div className={styles.video}>
          <SanitizedHtml html={content.embed_html} className={styles.embed} />
        </div>
      ) : (
        content.url && (
          <div className={styles.video}>
            {/* Spec 1 §4: a video starts muted and paused. */}
            <video controls muted preload="metadata" src={content.url} />
          </div>
        )
      )}
      <SanitizedHtml html={content.caption_html} className={styles.html} />
    </div>
  );
}
