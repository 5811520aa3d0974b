import { useCallback, useEffect, useId, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import type { PostView } from '../../shared/posts/types';
import { useFastReblog } from '../api/notes';
import { SAVE_NOTICE_VISIBLE_MS } from './form-constants';
import { Menu, MenuItem, openMenuOnArrow } from '../ui/Menu';
import { Popover } from '../ui/Popover';
import { ChevronIcon, ReblogArrowsIcon } from './action-icons';
import { useInlineFormLink } from './inline-forms';
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
  // In a feed the form opens inline instead, in place of the card.
  const onInlineClick = useInlineFormLink(post.id, { mode: 'reblog', reblogId: post.id, reblogKey: post.reblog_key });

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  // 'Reblogged to {blog}' is a passing word over the icons, not a part of the row: kept, it pushed
  // the icons onto a second line. The arrows stay green for as long as the post is reblogged.
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(null), SAVE_NOTICE_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [done]);

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
    if (!event.altKey) return onInlineClick(event);
    event.preventDefault();
    reblogNow(false);
  };

  return (
    <span className={styles.reblog}>
      {/* Always in the page, so a screen reader announces each new text. */}
      <span className={done ? styles.actionStatus : styles.srOnly} role="status">
        {done}
      </span>
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
        onKeyDown={(event) => openMenuOnArrow(event, () => setMenuOpen(true))}
      >
        <ChevronIcon />
      </button>
      <Popover anchorRef={menuButton} open={menuOpen} onClose={closeMenu} label="Reblog options">
        <ReblogMenu trigger={menuButton} onClose={closeMenu} onPick={reblogNow} />
      </Popover>
    </span>
  );
}

/** Two choices on the keyboard menu; the first takes focus when the menu opens. */
function ReblogMenu({ trigger, onClose, onPick }: { trigger: RefObject<HTMLElement | null>; onClose: () => void; onPick: (queue: boolean) => void }) {
  return (
    <Menu label="Reblog options" triggerRef={trigger} onClose={onClose} className={styles.menu}>
      <MenuItem className={styles.menuItem} onSelect={() => onPick(false)}>
        Reblog now
      </MenuItem>
      <MenuItem className={styles.menuItem} onSelect={() => onPick(true)}>
        Add to queue
      </MenuItem>
    </Menu>
  );
}
