import { lazy, useCallback, useRef, useState } from 'react';
import type { PostView } from '../../shared/posts/types';
import { LazyPanel } from '../ui/LazyPanel';
import { Popover } from '../ui/Popover';
import { ShareIcon } from './share-icons';
import styles from './SharePopover.module.css';

// The popover and its forms load the first time someone shares: every card has the button, few use it.
const SharePopover = lazy(async () => ({ default: (await import('./SharePopover')).SharePopover }));

/** The share icon of a post's action bar: opens the share popover (logged-out visitors too). */
export function ShareButton({ post }: { post: PostView }) {
  const anchorRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <button
        ref={anchorRef}
        type="button"
        className={styles.shareButton}
        aria-label="Share"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-tooltip="Share"
        onClick={() => setOpen(!open)}
      >
        <ShareIcon />
      </button>
      <Popover anchorRef={anchorRef} open={open} onClose={close} label="Share this post">
        <LazyPanel name="SharePopover" fallback={<p className={`${styles.root} ${styles.message}`} role="status">Loading…</p>}>
          <SharePopover blog={post.blog.name} postId={post.id} onClose={close} />
        </LazyPanel>
      </Popover>
    </>
  );
}
