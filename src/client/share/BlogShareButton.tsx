import { lazy, useCallback, useRef, useState } from 'react';
import type { SharePopoverData } from '../../shared/share/types';
import { useUserInfo } from '../api/user';
import { LazyPanel } from '../ui/LazyPanel';
import { Popover } from '../ui/Popover';
import { ShareIcon } from './share-icons';
import styles from './SharePopover.module.css';

const ShareBody = lazy(async () => ({ default: (await import('./SharePopover')).ShareBody }));

interface SharedBlog {
  name: string;
  url: string;
  title?: string;
}

/**
 * A whole blog's share data (spec 1 §6: tumblelog-level shares use their own email call and cannot
 * go to Twitter or Facebook): its link, and email. Nothing to fetch: the blog is at hand.
 */
export function blogShareData(blog: SharedBlog, hasUser: boolean): SharePopoverData {
  const off = { show_embed: false, show_facebook: false, show_pinterest: false, show_reporting_links: false, show_twitter: false, show_reddit: false, show_flagging: false };
  return {
    ...off,
    show_email: true,
    show_permalink: true,
    abuse_url: '',
    embed_code: '',
    embed_did: '',
    embed_key: '',
    form_key: null,
    has_facebook: false,
    has_user: hasUser,
    is_private: false,
    permalink_label: blog.url.replace(/^https?:\/\//, ''),
    post_id: '',
    post_tiny_url: '',
    post_url: blog.url,
    root_id: '',
    tumblelog_name: blog.name,
    twitter_username: null,
    pinterest_share_window: { url: '', name: '', dimensions: { width: 0, height: 0 } },
    tumblelog_share: true,
    post_summary: blog.title || blog.name,
  };
}

/**
 * The blog card's and the blog page's share button. `hold` keeps a hover card open while the
 * popover is (the popover sits in its own layer, outside the card).
 */
export function BlogShareButton({ blog, hold }: { blog: SharedBlog; hold?: (until: Promise<unknown>) => void }) {
  const anchorRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const release = useRef<(() => void) | null>(null);
  const { data: info } = useUserInfo();
  const close = useCallback(() => {
    setOpen(false);
    release.current?.();
    release.current = null;
  }, []);
  const toggle = () => {
    if (open) return close();
    if (hold) hold(new Promise<void>((resolve) => (release.current = resolve)));
    setOpen(true);
  };
  return (
    <>
      <button
        ref={anchorRef}
        type="button"
        className={styles.shareButton}
        aria-label={`Share ${blog.name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-tooltip="Share this blog"
        onClick={toggle}
      >
        <ShareIcon />
      </button>
      <Popover anchorRef={anchorRef} open={open} onClose={close} label="Share this blog">
        <LazyPanel name="SharePopover" fallback={<p className={`${styles.root} ${styles.message}`} role="status">Loading…</p>}>
          <ShareBody data={blogShareData(blog, Boolean(info))} onClose={close} />
        </LazyPanel>
      </Popover>
    </>
  );
}
