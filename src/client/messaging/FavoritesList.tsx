import type { MouseEvent } from 'react';
import { EMPTY_INBOX_GRID_PER_ROW, FAVORITES_DEFAULT_LIMIT, RECENTLY_FOLLOWED_TITLE } from '../../shared/messaging/constants';
import { Avatar } from '../ui/Avatar';
import styles from './Inbox.module.css';
import { useFavorites } from './queries';
import type { Participant } from './types';

interface Props {
  participant: string;
  limit?: number;
  /** grid: the empty inbox's avatars (4 a row, whole rows only); list: rows with names. */
  layout: 'grid' | 'list';
  /** Shown above the blogs, only when there are some; 'Recently Followed' when they hold no favorite. */
  title?: string;
  titleClassName?: string;
  onPick: (blog: Participant) => void;
}

/** Blogs to talk to: the server's favorites (and recently followed) for the acting blog. */
export function FavoritesList({ participant, limit = FAVORITES_DEFAULT_LIMIT, layout, title, titleClassName, onPick }: Props) {
  const favorites = useFavorites(participant, limit, true);
  if (favorites.isPending) return <p className={styles.status} role="status">Loading…</p>;
  if (favorites.isError) return null;
  let blogs = favorites.data.blogs.slice(0, limit);
  if (layout === 'grid') blogs = blogs.slice(0, Math.floor(blogs.length / EMPTY_INBOX_GRID_PER_ROW) * EMPTY_INBOX_GRID_PER_ROW || blogs.length);
  if (blogs.length === 0) return layout === 'grid' ? <p className={styles.status}>Follow some blogs to find people to talk to.</p> : null;
  const open = (event: MouseEvent, blog: Participant) => {
    // The link is the spec's shape (a new tab opens it too); a plain click opens the window here.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onPick(blog);
  };
  return (
    <>
      {title && <h3 className={`${styles.sectionTitle} ${titleClassName ?? ''}`}>{favorites.data.recently_followed ? RECENTLY_FOLLOWED_TITLE : title}</h3>}
      <ul className={layout === 'grid' ? styles.grid : styles.list}>
        {blogs.map((blog) => (
          <li key={blog.uuid}>
            <a
              className={layout === 'grid' ? styles.gridItem : styles.row}
              href={layout === 'grid' ? `/messaging/conversation/${encodeURIComponent(blog.name)}` : `/conversation/new/${encodeURIComponent(blog.name)}`}
              onClick={(event) => open(event, blog)}
            >
              <Avatar blog={{ name: blog.name, is_adult: blog.is_adult ?? false, avatar_url: blog.avatar_url }} size={layout === 'grid' ? 64 : 40} />
              <span className={layout === 'grid' ? styles.gridName : styles.rowName}>{blog.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}
