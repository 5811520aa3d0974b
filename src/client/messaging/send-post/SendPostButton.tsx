import { skipToken, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { PostView } from '../../../shared/posts/types';
import type { UserInfoResponse } from '../../../shared/types';
import { currentChannel, userKeys } from '../../api/user';
import { Popover } from '../../ui/Popover';
import { messagingUserOf } from '../session';
import { messagingChannels } from '../unread';
import styles from './SendPost.module.css';

// The popover is its own chunk: every card has the control, few open it.
const SendPostPopover = lazy(async () => ({ default: (await import('./SendPostPopover')).SendPostPopover }));

/** The post footer's send control, beside share (spec 2 §2): sends the post into a conversation. */
export function SendPostButton({ post }: { post: PostView }) {
  const anchorRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  // The app's user info, read from the cache: every card has this control, none should ask again.
  const { data: info } = useQuery<UserInfoResponse | null>({ queryKey: userKeys.info, queryFn: skipToken });
  if (!info?.user) return null;
  // Spec 2 §6: the sending blog must be a messaging channel.
  const channels = messagingChannels(messagingUserOf(info).channels);
  const current = currentChannel(info);
  const sender = channels.find((c) => c.name === current?.name) ?? channels[0];
  if (!sender) return null;
  return (
    <>
      <button
        ref={anchorRef}
        type="button"
        className={styles.sendControl}
        aria-label="Send this post"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-tooltip="Send"
        onClick={() => setOpen(!open)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path fill="currentColor" d="M2.5 11.2 20.6 3.4c.7-.3 1.3.4 1 1l-7.8 18.1c-.3.7-1.3.6-1.5-.1l-2-6.7-6.7-2c-.7-.2-.8-1.2-.1-1.5zm7.9 3.4 1.4 4.6 5.6-13-13 5.6 4.6 1.4 4.3-3.4z" />
        </svg>
      </button>
      <Popover anchorRef={anchorRef} open={open} onClose={close} label="Send this post">
        <Suspense fallback={<p role="status">Loading…</p>}>
          <SendPostPopover post={post} sender={{ uuid: sender.uuid, name: sender.name }} ownNames={channels.map((c) => c.name)} onClose={close} />
        </Suspense>
      </Popover>
    </>
  );
}
