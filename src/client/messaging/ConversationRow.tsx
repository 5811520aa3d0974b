import type { CSSProperties } from 'react';
import { INBOX_SENDER_THEME_BRIGHTNESS } from '../../shared/messaging/constants';
import type { UserInfoResponse } from '../../shared/types';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './Inbox.module.css';
import { InboxPhotoButton } from './InboxPhotoButton';
import { adjustBrightness } from './look';
import { compareTs } from './use-conversation';
import { messagePreview } from './preview';
import type { Conversation, Participant, PollAnswer } from './types';
import { capCount, conversationUnread } from './unread';

interface Props {
  conversation: Conversation;
  /** The user's blog whose inbox this is. */
  participant: string;
  polled: PollAnswer['unread_messages'];
  info: UserInfoResponse;
  onOpen: (other: Participant) => void;
  /** A photo picked for this conversation from the inbox. */
  onPhoto?: (file: File) => void;
}

/** Ids are 64-bit: compared as digit strings, never as JS numbers. */
const later = (a: number | string, b: number | string) => compareTs(String(a), String(b)) > 0;

/** The blog that sent the last message (the other one when it is unknown). */
const lastSender = (conversation: Conversation, last: { participant: string } | undefined) =>
  last ? conversation.participants.find((p) => p.uuid === last.participant) : undefined;

/** Spec 2 §9: the sender's theme colour, brightened by 0.3, marks the row's edge. */
function themeTint(sender: Participant): CSSProperties | undefined {
  const tint = adjustBrightness(sender.theme?.background_color, INBOX_SENDER_THEME_BRIGHTNESS);
  return tint ? ({ '--sender-theme': tint } as CSSProperties) : undefined;
}

/** One inbox row: the other blog's avatar and name, the last message, unread in bold. */
export function ConversationRow({ conversation, participant, polled, info, onOpen, onPhoto }: Props) {
  const others = conversation.participants.filter((p) => p.uuid !== participant);
  const other = others[0] ?? conversation.participants[0];
  if (!other) return null;
  const messages = [...(conversation.messages?.data ?? [])].sort((a, b) => compareTs(a.ts, b.ts));
  const last = conversation.last_message ?? messages[messages.length - 1];
  const polledCount = conversationUnread(polled, conversation.id);
  // Unread by the latest poll, or by the inbox page itself (spec 2 §3: last modified after last read).
  const unread = polledCount > 0 || later(conversation.last_modified_ts, conversation.last_read_ts);
  const sender = last ? (last.participant === participant ? 'You' : conversation.participants.find((p) => p.uuid === last.participant)?.name) : undefined;
  return (
    <li className={onPhoto ? styles.rowWrap : undefined}>
      <button
        type="button"
        className={`${styles.row} ${unread ? styles.unread : ''}`}
        onClick={() => onOpen(other)}
        data-unread={unread || undefined}
        style={themeTint(lastSender(conversation, last) ?? other)}
      >
        <Avatar blog={{ name: other.name, is_adult: other.is_adult ?? false, avatar_url: other.avatar_url }} size={40} pixelated={shouldPixelate({ name: other.name, is_adult: other.is_adult ?? false }, info.user)} />
        <span className={styles.rowText}>
          <span className={styles.rowName}>{others.map((p) => p.name).join(', ') || other.name}</span>
          <span className={styles.preview}>{last ? messagePreview(last, sender === 'You' ? 'You' : undefined) : ''}</span>
        </span>
        {unread && polledCount > 0 && (
          <span className={styles.rowBadge} aria-label={`${polledCount} unread`}>
            {capCount(polledCount)}
          </span>
        )}
      </button>
      {onPhoto && <InboxPhotoButton name={others.map((p) => p.name).join(', ') || other.name} onFile={onPhoto} />}
    </li>
  );
}
