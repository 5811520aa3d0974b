import { skipToken, useQuery } from '@tanstack/react-query';
import { lazy, useCallback, useRef, useState } from 'react';
import type { PostView } from '../../../shared/posts/types';
import type { UserInfoResponse } from '../../../shared/types';
import { currentChannel, userKeys } from '../../api/user';
import { LazyPanel } from '../../ui/LazyPanel';
import { Popover } from '../../ui/Popover';
import { mayMessage, messagingUserOf } from '../session';
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
  if (!info?.user || !mayMessage(info.user)) return null;
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
          <path fill="currentColor" d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm0 2v.4l8 5 8-5V7zm16 2.7-7.5 4.7a1 1 0 0 1-1 0L4 9.7V17h16z" />
        </svg>
      </button>
      <Popover anchorRef={anchorRef} open={open} onClose={close} label="Send this post">
        <LazyPanel name="SendPostPopover" fallback={<p role="status">Loading…</p>}>
          <SendPostPopover post={post} sender={{ uuid: sender.uuid, name: sender.name }} ownNames={channels.map((c) => c.name)} onClose={close} />
        </LazyPanel>
      </Popover>
    </>
  );
}
