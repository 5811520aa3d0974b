import { useRef, useSyncExternalStore, type KeyboardEvent } from 'react';
import { MINIMIZED_BADGE_MAX } from '../../shared/messaging/constants';
import type { UserInfoResponse } from '../../shared/types';
import { Avatar } from '../ui/Avatar';
import { lastFile, pendingDrops } from './attachments';
import { ConversationWindow } from './ConversationWindow';
import { messagingUserOf } from './session';
import { usePolledUnread } from './queries';
import { messagingUi, useMessagingUi } from './store';
import { capCount, conversationUnread } from './unread';
import styles from './Window.module.css';
import { joinNames, type WindowRecord } from './windows';

/** The phone layout of Window.module.css: room for one open window only. */
const PHONE = '(max-width: 560px)';
const phoneQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);
const subscribePhone = (listener: () => void) => {
  const query = phoneQuery();
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
};
const useIsPhone = () => useSyncExternalStore(subscribePhone, () => phoneQuery()?.matches ?? false);

/** A window's stable identity: its people, which a new conversation keeps when it gets its id. */
const windowKey = (w: WindowRecord) => `${w.participantUuid}|${w.participants.map((p) => p.uuid).sort().join(',')}`;

function MinimizedTab({ record }: { record: WindowRecord }) {
  const polled = usePolledUnread();
  const unread = conversationUnread(polled, record.id);
  const first = record.participants[0];
  const names = joinNames(record.participants.map((p) => p.name));
  return (
    <li
      className={styles.tab}
      // Spec 2 §4: a file dropped on a minimized window restores it first; the window then takes the file.
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        const file = lastFile(event.dataTransfer.files);
        if (!file) return;
        event.preventDefault();
        pendingDrops.set(record.id, file);
        messagingUi.dispatch({ type: 'restore', id: record.id, now: Date.now() });
      }}
    >
      <button
        type="button"
        className={styles.tabButton}
        onClick={() => messagingUi.dispatch({ type: 'restore', id: record.id, now: Date.now() })}
        data-tooltip={names}
      >
        {first && <Avatar blog={{ name: first.name, is_adult: first.is_adult ?? false, avatar_url: first.avatar_url }} size={48} />}
        <span className="visually-hidden">{`Open conversation with ${names}`}</span>
        {unread > 0 && (
          <span className={styles.tabBadge} aria-label={`${unread} unread`}>
            {capCount(unread, MINIMIZED_BADGE_MAX)}
          </span>
        )}
      </button>
      <button type="button" className={styles.tabClose} onClick={() => messagingUi.dispatch({ type: 'close', id: record.id })}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">{`Close conversation with ${names}`}</span>
      </button>
    </li>
  );
}

/**
 * The windows layer (spec 2 §2): open windows side by side at the bottom right, minimized ones
 * as a column of avatar tabs capped to the window's height minus 89 px and scrollable.
 */
export function ConversationWindows({ info }: { info: UserInfoResponse }) {
  const windows = useMessagingUi((s) => s.windows);
  const user = messagingUserOf(info);
  const ownNames = user.channels.map((c) => c.name);
  const textareas = useRef(new Map<string, HTMLTextAreaElement>());
  const phone = useIsPhone();
  const allOpen = windows.filter((w) => !w.isMinimized);
  // On a phone only the newest open window fits; the other open ones (multi-window) wait as tabs,
  // still reachable, and a tap brings one forward.
  const open = phone ? allOpen.slice(0, 1) : allOpen;
  const minimized = [...allOpen.slice(open.length), ...windows.filter((w) => w.isMinimized)];
  if (windows.length === 0) return null;

  // Tab and Shift+Tab in a compose box move to the next or previous window's compose box.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !(event.target instanceof HTMLTextAreaElement)) return;
    const order = open.map((w) => textareas.current.get(windowKey(w))).filter((t): t is HTMLTextAreaElement => !!t && !t.disabled);
    const index = order.indexOf(event.target);
    if (index < 0 || order.length < 2) return;
    const next = order[(index + (event.shiftKey ? -1 : 1) + order.length) % order.length];
    event.preventDefault();
    next?.focus();
  };

  return (
    <div className={styles.layer} aria-label="Conversations" role="region">
      <div className={styles.open} onKeyDown={onKeyDown}>
        {/* Newest opened on the right, next to the minimized column. */}
        {[...open].reverse().map((record) => {
          const me = user.channels.find((c) => c.uuid === record.participantUuid);
          return (
            <ConversationWindow
              key={windowKey(record)}
              record={record}
              myName={me?.name ?? ''}
              ownNames={ownNames}
              maxImageBytes={user.messaging_max_image_bytes}
              textareaRef={(element) => {
                if (element) textareas.current.set(windowKey(record), element);
                else textareas.current.delete(windowKey(record));
              }}
            />
          );
        })}
      </div>
      {minimized.length > 0 && (
        <ul className={styles.minimized} aria-label="Minimized conversations">
          {minimized.map((record) => (
            <MinimizedTab key={windowKey(record)} record={record} />
          ))}
        </ul>
      )}
    </div>
  );
}
