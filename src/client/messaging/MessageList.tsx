import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { PILL_BOTTOM_THRESHOLD_PX, PILL_MAX, PILL_SCROLL_MS, SCROLL_THRESHOLD_PX } from '../../shared/messaging/constants';
import { Avatar } from '../ui/Avatar';
import { groupMessages, messageTime } from './grouping';
import { markFullWidthBubbles } from './look';
import attach from './Attachments.module.css';
import { isMediaMessage, MessageBody, OutgoingBubble } from './MessageBubble';
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
  /** Shown above the first message once there is no older page. */
  intro?: ReactNode;
  /** The other party's images are blurred (the conversation's is_blurred_images). */
  blurImages?: boolean;
  onReveal?: () => void;
  /** The message-controls popover for a stored message. */
  controls?: (message: Message, senderName: string | null) => ReactNode;
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
export function MessageList({ messages, outgoing, me, myName, participants, unread, onFetchNewest, hasOlder, onFetchOlder, onRetry, onRemove, intro, blurImages = false, onReveal, controls }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const wasAtBottom = useRef(true);
  const grouped = groupMessages(messages.map((m) => ({ ...m, time: messageTime(m) })));
  const nameOf = (uuid: string) => (uuid === me ? myName : (participants.find((p) => p.uuid === uuid)?.name ?? ''));
  const blogOf = (uuid: string) => participants.find((p) => p.uuid === uuid);

  // New messages, the user's own, or the intro card arriving keep the view at the bottom if it
  // was there: whatever makes the list taller.
  const count = messages.length + outgoing.length;
  // Spec 2 §9's fly-in is for what arrives while the window is open, not the history it opens on.
  const [openedAt] = useState(() => Date.now());
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && wasAtBottom.current) el.scrollTop = el.scrollHeight;
  }, [count]);
  // Spec 2 §9: a bubble wider than 60 % of the list takes its full width, measured as messages
  // arrive and when the list's width changes.
  useLayoutEffect(() => {
    if (listRef.current) markFullWidthBubbles(listRef.current);
  }, [messages, outgoing]);
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let width = list.clientWidth;
    const observer = new ResizeObserver(() => {
      if (list.clientWidth !== width) {
        width = list.clientWidth;
        markFullWidthBubbles(list);
      }
      const el = ref.current;
      if (el && wasAtBottom.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

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
      {/* The scroller takes the keyboard's arrows; the list inside is what grows. */}
      <div ref={ref} className={styles.scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label="Message history">
        <ol ref={listRef} className={styles.messages} aria-label="Messages">
          {intro}
          {grouped.map(({ message, tsHeader, isCollapsed }) => {
            const mine = message.participant === me;
            const blog = blogOf(message.participant);
            return (
              <li
                key={message.ts}
                className={`${styles.message} ${mine ? styles.mine : ''} ${isCollapsed ? styles.collapsed : ''} ${!mine && message.time > openedAt ? styles.arriving : ''}`}
                data-ts={message.ts}
              >
                {tsHeader && (
                  <time className={styles.tsHeader} dateTime={new Date(message.time).toISOString()}>
                    {timeFormat.format(message.time)}
                  </time>
                )}
                {!isCollapsed && (
                  <span className={styles.sender}>
                    {!mine && blog && <Avatar blog={{ name: blog.name, is_adult: blog.is_adult ?? false, avatar_url: blog.avatar_url }} size={24} />}
                    <span>{nameOf(message.participant)}</span>
                  </span>
                )}
                <div className={styles.messageRow}>
                  <div className={`${styles.bubble} ${isMediaMessage(message) ? attach.imageBubble : ''}`} data-bubble={isMediaMessage(message) ? undefined : ''}>
                    <MessageBody message={message} blurred={blurImages && !mine} onReveal={onReveal} />
                  </div>
                  {controls?.(message, blog?.name ?? (mine ? myName : null))}
                </div>
              </li>
            );
          })}
          {outgoing.map((item) => (
            <OutgoingBubble key={item.key} item={item} onRetry={() => onRetry(item.key)} onClose={() => onRemove(item.key)} />
          ))}
        </ol>
      </div>
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

