import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import styles from './PostCard.module.css';

/** Spec 2 §9: tags taller than this collapse behind a 'See all' expander. */
export const TAGS_COLLAPSE_HEIGHT = 81;

export function Tags({ tags }: { tags: string[] }) {
  const list = useRef<HTMLUListElement>(null);
  const [tall, setTall] = useState(false);
  const [expanded, setExpanded] = useState(false);
  useLayoutEffect(() => {
    if (list.current) setTall(list.current.scrollHeight > TAGS_COLLAPSE_HEIGHT);
  }, [tags]);
  if (tags.length === 0) return null;
  const collapsed = tall && !expanded;
  return (
    <div className={styles.tagBox}>
      <ul
        ref={list}
        className={`${styles.tags} ${collapsed ? styles.tagsCollapsed : ''}`}
        style={collapsed ? { maxHeight: TAGS_COLLAPSE_HEIGHT } : undefined}
        aria-label="Tags"
      >
        {tags.map((tag) => (
          <li key={tag}>
            <Link to={`/tagged/${encodeURIComponent(tag)}`}>#{tag}</Link>
          </li>
        ))}
      </ul>
      {collapsed && (
        <button type="button" className={styles.seeAll} onClick={() => setExpanded(true)}>
          See all
        </button>
      )}
    </div>
  );
}
