import { useCallback, useRef, useState } from 'react';
import { ASK_TEXTS } from '../../shared/asks/ask';
import { useFeatures } from '../api/features';
import { pagePaths } from '../../shared/routes';
import type { Blog } from '../../shared/types';
import { conversationPath, plainClick, useOpenConversationHere } from '../messaging/open-by-name';
import { mayMessage } from '../messaging/session';
import { Menu, openMenuOnArrow } from '../ui/Menu';
import { AskModal } from './AskModal';
import styles from './BlogMessagingButton.module.css';

interface Props {
  blog: Blog;
  /** The person reading (null: logged out), with their blogs. */
  viewer: { channels: { name: string }[]; can_message?: boolean } | null;
}

/** Where 'Send a message' opens a conversation with the blog (the messaging area's link shape). */
export { conversationPath };
export const askPath = (name: string) => `${pagePaths.blog(name)}/ask`;
export const submitPath = (name: string) => `${pagePaths.blog(name)}/submit`;

/** Messaging arrives with another area: a blog says it can receive messages, or it cannot (absent: not). */
const canReceiveMessages = (blog: Blog) => (blog as Blog & { can_receive_messages?: unknown }).can_receive_messages === true;

/**
 * The messaging popover on a blog's icon (spec 2 §2): 'Send a message' where the blog can receive
 * messages, 'Ask a question' where it takes asks (the ask modal; its page on a new-tab click),
 * 'Submit' where it takes submissions (a new tab). With only messaging, the icon opens it directly.
 */
export function BlogMessagingButton({ blog, viewer }: Props) {
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  // Issue 26: with ask_form off, 'Ask a question' is the link to the blog's ask page.
  const askFormHere = useFeatures().ask_form !== false;
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // Issue 25: the conversation opens over this page, never by leaving it for the link's address.
  const openHere = useOpenConversationHere(blog.name);
  if (viewer?.channels.some((channel) => channel.name === blog.name)) return null;
  const message = mayMessage(viewer) && canReceiveMessages(blog);
  const asks = Boolean(blog.asks);
  const submissions = Boolean(blog.submissions) && Boolean(viewer);
  if (!message && !asks && !submissions) return null;

  const icon = (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
      <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3z" />
    </svg>
  );
  if (message && !asks && !submissions) {
    return (
      <a className={styles.toggle} href={conversationPath(blog.name)} onClick={openHere} aria-label={`${ASK_TEXTS.sendAMessage} to ${blog.name}`}>
        {icon}
      </a>
    );
  }

  return (
    <div className={styles.wrap}>
      <button
        ref={toggleRef}
        type="button"
        className={styles.toggle}
        aria-label={`Message or ask ${blog.name}`}
        aria-expanded={open}
        aria-haspopup="menu"
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => openMenuOnArrow(event, () => setOpen(true))}
      >
        {icon}
      </button>
      {open && (
        <Menu label={`Message or ask ${blog.name}`} triggerRef={toggleRef} onClose={close} className={styles.menu}>
          {message && (
            <a
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              href={conversationPath(blog.name)}
              onClick={(event) => {
                openHere(event);
                if (event.defaultPrevented) setOpen(false);
              }}
            >
              {ASK_TEXTS.sendAMessage}
            </a>
          )}
          {asks && (
            <a
              role="menuitem"
              tabIndex={-1}
              className={styles.item}
              href={askPath(blog.name)}
              onClick={(event) => {
                if (!plainClick(event) || !askFormHere) return;
                event.preventDefault();
                setOpen(false);
                setAsking(true);
              }}
            >
              {ASK_TEXTS.askAQuestion}
            </a>
          )}
          {submissions && (
            <a role="menuitem" tabIndex={-1} className={styles.item} href={submitPath(blog.name)} target="_blank" rel="noopener">
              {ASK_TEXTS.submit}
            </a>
          )}
        </Menu>
      )}
      <AskModal
        open={asking}
        recipient={blog.name}
        anonymousAllowed={Boolean(blog.anonymous_asks)}
        loggedIn={Boolean(viewer)}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}
