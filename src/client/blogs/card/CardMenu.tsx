import { useCallback, useRef, useState } from 'react';
import { useBlockBlog } from '../../api/blocks';
import { currentChannel, useUserInfo } from '../../api/user';
import { confirmBlockBlog } from '../../blocks/confirm-block';
import { Menu, MenuItem, openMenuOnArrow } from '../../ui/Menu';
import styles from './CardMenu.module.css';

interface CardMenuProps {
  blogName: string;
  /** Keeps the card open while the block confirm is open. */
  hold: (answer: Promise<unknown>) => void;
}

/** The card's "more" menu for logged-in visitors of others' blogs: Block (after the confirm). */
export function CardMenu({ blogName, hold }: CardMenuProps) {
  const { data: info } = useUserInfo();
  const block = useBlockBlog();
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const mine = info ? currentChannel(info) : undefined;
  if (!info || !mine || info.user.channels.some((channel) => channel.name === blogName)) return null;

  const onBlock = async () => {
    setOpen(false);
    const answer = confirmBlockBlog(blogName);
    hold(answer);
    if (await answer) block.mutate({ tumblelog: mine.name, blocked_tumblelog: blogName, block_context: 'blog_card' });
  };

  return (
    <div className={styles.wrap}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-label={`More options for ${blogName}`}
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => openMenuOnArrow(event, () => setOpen(true))}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <Menu label={`Options for ${blogName}`} triggerRef={toggleRef} onClose={close} className={styles.menu}>
          <MenuItem className={styles.item} onSelect={() => void onBlock()}>
            Block
          </MenuItem>
        </Menu>
      )}
      {block.isSuccess && (
        <p role="status" className={styles.note}>
          Blocked.
        </p>
      )}
      {block.isError && (
        <p role="alert" className={styles.note}>
          {block.error.message}
        </p>
      )}
    </div>
  );
}
