import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import type { PostView } from '../../shared/posts/types';
import { useFastReblog } from '../api/notes';
import { Popover } from '../ui/Popover';
import { ChevronIcon, ReblogArrowsIcon } from './action-icons';
import { reportPostActionError } from './post-action-errors';
import styles from './PostCard.module.css';

/**
 * Reblog: the arrows open the reblog form (Alt/Option-click reblogs at once), and the small menu
 * beside them reblogs at once or to the queue without the form.
 */
export function ReblogButton({ post }: { post: PostView }) {
  const fast = useFastReblog();
  const [menuOpen, setMenuOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const statusId = useId();
  // The form opens over this page, replacing its address, and comes back here on close.
  const { pathname } = useLocation();

  const reblogNow = (queue: boolean) => {
    setMenuOpen(false);
    if (fast.isPending) return;
    fast.mutate(
      { post, queue },
      {
        onSuccess: ({ post_tumblelog: blog, state }) =>
          setDone(state === 'queued' ? `Added to ${blog.name_or_id}'s queue` : `Reblogged to ${blog.name_or_id}`),
        onError: (error) => void reportPostActionError('fast_reblog', post.id, error),
      },
    );
  };

  const onFormLinkClick = (event: MouseEvent) => {
    if (!event.altKey) return;
    event.preventDefault();
    reblogNow(false);
  };

  return (
    <span className={styles.reblog}>
      {done && (
        <span className={styles.actionStatus} role="status">
          {done}
        </span>
      )}
      <span className={styles.srOnly} id={statusId}>
        {post.reblogged ? 'You reblogged this.' : ''}
      </span>
      <Link
        className={`${styles.iconButton} ${post.reblogged ? styles.reblogged : ''}`}
        to={`/reblog/${post.id}/${encodeURIComponent(post.reblog_key)}`}
        replace
        state={{ base: pathname }}
        aria-label="Reblog"
        aria-describedby={statusId}
        aria-busy={fast.isPending || undefined}
        data-tooltip="Reblog (Alt-click: reblog now)"
        onClick={onFormLinkClick}
      >
        <ReblogArrowsIcon />
      </Link>
      <button
        ref={menuButton}
        type="button"
        className={styles.menuButton}
        aria-label="More reblog options"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        data-tooltip="Reblog now or queue"
        disabled={fast.isPending}
        onClick={() => setMenuOpen((open) => !open)}
      >
        <ChevronIcon />
      </button>
      <Popover anchorRef={menuButton} open={menuOpen} onClose={() => setMenuOpen(false)} label="Reblog options">
        <ReblogMenu onPick={reblogNow} />
      </Popover>
    </span>
  );
}

/** Two choices, reachable by arrow keys; the first takes focus when the menu opens. */
function ReblogMenu({ onPick }: { onPick: (queue: boolean) => void }) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The popover is placed (and made visible) after its first render; a hidden button takes no focus.
    const frame = requestAnimationFrame(() => menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(at + step + items.length) % items.length]?.focus();
  };
  return (
    <div ref={menu} role="menu" aria-label="Reblog options" className={styles.menu} onKeyDown={onKeyDown}>
      <button type="button" role="menuitem" className={styles.menuItem} onClick={() => onPick(false)}>
        Reblog now
      </button>
      <button type="button" role="menuitem" className={styles.menuItem} onClick={() => onPick(true)}>
        Add to queue
      </button>
    </div>
  );
}
