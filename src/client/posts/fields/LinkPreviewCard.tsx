import fieldStyles from './fields.module.css';
import styles from './LinkFields.module.css';

interface LinkPreviewCardProps {
  title: string;
  excerpt: string;
  site: string;
  thumbnail: string;
  onRemoveThumbnail: () => void;
}

/** How the link will show in the post: its image (removable), title, excerpt and site. */
export function LinkPreviewCard({ title, excerpt, site, thumbnail, onRemoveThumbnail }: LinkPreviewCardProps) {
  return (
    <figure className={thumbnail ? styles.card : `${styles.card} ${styles.textOnly}`} aria-label="Link preview">
      {thumbnail && <img src={thumbnail} alt="Link thumbnail" className={styles.thumb} />}
      <figcaption className={styles.text}>
        {title && <span className={styles.title}>{title}</span>}
        {excerpt && <span className={styles.excerpt}>{excerpt}</span>}
        {site && <span className={styles.site}>{site}</span>}
        {thumbnail && (
          <span className={styles.actions}>
            <button type="button" className={fieldStyles.small} onClick={onRemoveThumbnail}>
              Remove thumbnail
            </button>
          </span>
        )}
      </figcaption>
    </figure>
  );
}
