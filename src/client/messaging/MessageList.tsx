import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { PILL_BOTTOM_THRESHOLD_PX, PILL_MAX, PILL_SCROLL_MS, SCROLL_THRESHOLD_PX } from '../../shared/messaging/constants';
import { Avatar } from '../ui/Avatar';
import { groupMessages, messageTime } from './grouping';
import { MessageBody, OutgoingBubble } from './MessageBubble';
import type { Outgoing } from './send-queue';
import type { Message } from './types';
import { capCount } from './unread';
import styles from './Window.module.css';
import type { WindowRecord } from './windows';

interface Props {
  messages: Message[];
  outgoing: Outgoing[];
  me: string;
  myName: string;
  participants: WindowRecord['participants'];
  /** Unread messages the poll reports for this conversation. */
  unread: number;
  onFetchNewest: (unread: number) => void;
  hasOlder: boolean;
  onFetchOlder: () => void;
  onRetry: (key: string) => void;
  onRemove: (key: string) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** Scrolls `el` to its bottom over `ms` (the pill's 500 ms), easing out. */
function scrollToBottom(el: HTMLElement, ms: number) {
  const start = el.scrollTop;
  const began = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - began) / ms);
    const target = el.scrollHeight - el.clientHeight;
    el.scrollTop = start + (target - start) * (1 - (1 - t) ** 3);
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** A conversation's messages (spec 2 §4, §9): time headers, collapsed groups, the new-messages pill. */
export function MessageList({ messages, outgoing, me, myName, participants, unread, onFetchNewest, hasOlder, onFetchOlder, onRetry, onRemove }: Props) {
  const ref = useRef<HTMLOListElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const wasAtBottom = useRef(true);
  const grouped = groupMessages(messages.map((m) => ({ ...m, time: messageTime(m) })));
  const nameOf = (uuid: string) => (uuid === me ? myName : (participants.find((p) => p.uuid === uuid)?.name ?? ''));
  const blogOf = (uuid: string) => participants.find((p) => p.uuid === uuid);

  // New messages, or the user's own, keep the view at the bottom if it was there.
  const count = messages.length + outgoing.length;
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && wasAtBottom.current) el.scrollTop = el.scrollHeight;
  }, [count]);

  // At the bottom, unread messages are fetched at once; elsewhere a pill offers them.
  useEffect(() => {
    if (unread > 0 && atBottom) onFetchNewest(unread);
  }, [unread, atBottom, onFetchNewest]);

  const onScroll = () => {
    const el = ref.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight <= PILL_BOTTOM_THRESHOLD_PX;
    wasAtBottom.current = bottom;
    setAtBottom(bottom);
    if (el.scrollTop <= SCROLL_THRESHOLD_PX && hasOlder) onFetchOlder();
  };

  return (
    <div className={styles.listWrap}>
      <ol ref={ref} className={styles.messages} onScroll={onScroll} aria-label="Messages" tabIndex={0}>
        {messages.length === 0 && outgoing.length === 0 && <li className={styles.intro}>Say hello to {participants.map((p) => p.name).join(', ')}.</li>}
        {grouped.map(({ message, tsHeader, isCollapsed }) => {
          const mine = message.participant === me;
          const blog = blogOf(message.participant);
          return (
            <li key={message.ts} className={`${styles.message} ${mine ? styles.mine : ''} ${isCollapsed ? styles.collapsed : ''}`} data-ts={message.ts}>
              {tsHeader && (
                <time className={styles.tsHeader} dateTime={new Date(message.time).toISOString()}>
                  {timeFormat.format(message.time)}
                </time>
              )}
              {!isCollapsed && (
                <span className={styles.sender}>
                  {!mine && blog && <Avatar blog={{ name: blog.name, is_adult: false, avatar_url: blog.avatar_url }} size={24} />}
                  <span>{nameOf(message.participant)}</span>
                </span>
              )}
              <div className={styles.bubble}>
                <MessageBody message={message} />
              </div>
            </li>
          );
        })}
        {outgoing.map((item) => (
          <OutgoingBubble key={item.key} item={item} onRetry={() => onRetry(item.key)} onClose={() => onRemove(item.key)} />
        ))}
      </ol>
      {unread > 0 && !atBottom && (
        <button
          type="button"
          className={styles.pill}
          onClick={() => {
            onFetchNewest(unread);
            wasAtBottom.current = true;
            if (ref.current) scrollToBottom(ref.current, PILL_SCROLL_MS);
          }}
        >
          {capCount(unread, PILL_MAX)} new {unread === 1 ? 'message' : 'messages'}
        </button>
      )}
    </div>
  );
}

