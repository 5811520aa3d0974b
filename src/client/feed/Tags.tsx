import { Link } from 'react-router';
import styles from './PostCard.module.css';

export function Tags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className={styles.tags} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag}>
          <Link to={`/tagged/${encodeURIComponent(tag)}`}>#{tag}</Link>
        </li>
      ))}
    </ul>
  );
}
