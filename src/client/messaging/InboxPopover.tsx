import { useHiddenConversations } from './pending-deletes';
import { useState, type UIEvent } from 'react';
import { INBOX_FAVORITES_APPEND_LIMIT, INBOX_FAVORITES_SHOWN, MORE_TUMBLRS_TITLE, SCROLL_THRESHOLD_PX } from '../../shared/messaging/constants';
import type { UserInfoResponse } from '../../shared/types';
import { currentChannel } from '../api/user';
import { ConversationRow } from './ConversationRow';
import { inboxFileError, inboxFiles, pendingDrops } from './attachments';
import { FavoritesList } from './FavoritesList';
import { InboxSuggestions } from './InboxSuggestions';
import styles from './Inbox.module.css';
import { messagingUserOf } from './session';
import { openConversation } from './open';
import { useInbox, usePolledUnread } from './queries';
import { RecipientSearch } from './RecipientSearch';
import type { Participant } from './types';
import { capCount, channelUnread, messagingChannels } from './unread';
import { Select } from '../ui/Select';

interface Props {
  info: UserInfoResponse;
  onClose: () => void;
}

/** The inbox popover (spec 2 §2, §4): blog selector, compose toggle, conversations or compose. */
export function InboxPopover({ info, onClose }: Props) {
  const user = messagingUserOf(info);
  const channels = messagingChannels(user.channels);
  const polled = usePolledUnread();
  const [blogName, setBlogName] = useState(() => currentChannel(info)?.name ?? channels[0]?.name ?? '');
  const blog = channels.find((c) => c.name === blogName) ?? channels[0];
  const participant = blog?.uuid ?? '';
  const [composing, setComposing] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  // Spec 2 §2: the new variant says 'New Message' and suggests blogs by their tags when empty.
  const newVariant = info.user.features.messaging_inbox_new;
  const inbox = useInbox(participant, true);
  const deleting = useHiddenConversations();
  const conversations = (inbox.data?.pages.flatMap((page) => page.conversations) ?? []).filter((c) => !deleting.has(c.id));
  const showFavoritesBelow = !composing && inbox.isSuccess && !inbox.hasNextPage && conversations.length > 0 && conversations.length <= (user.messaging_inbox_favorites_append_limit ?? INBOX_FAVORITES_APPEND_LIMIT);

  const pick = (other: Participant, conversationId?: string) => {
    openConversation(participant, [other], conversationId);
    onClose();
  };

  /** A photo picked on a row: checked here (image/*, the limit), then it waits in that window's strip. */
  const sendPhoto = (other: Participant, conversationId: string, file: File) => {
    const refused = inboxFileError(file, user.messaging_max_image_bytes);
    if (refused) return setFileError(refused);
    setFileError(null);
    inboxFiles.add(file);
    pendingDrops.set(conversationId, file);
    pick(other, conversationId);
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight <= SCROLL_THRESHOLD_PX && inbox.hasNextPage && !inbox.isFetchingNextPage) {
      void inbox.fetchNextPage();
    }
  };

  return (
    <div className={styles.panel}>
      <div className={styles.panelHeader}>
        {channels.length > 1 ? (
          <label className={styles.selector}>
            <span className="visually-hidden">Messages of</span>
            <Select value={blog?.name} onChange={(event) => setBlogName(event.currentTarget.value)}>
              {channels.map((c) => {
                const n = channelUnread(c, polled);
                return (
                  <option key={c.name} value={c.name}>
                    {n > 0 ? `${c.name} (${capCount(n)})` : c.name}
                  </option>
                );
              })}
            </Select>
          </label>
        ) : (
          <span className={styles.blogName}>{blog?.name}</span>
        )}
        <button type="button" className={styles.toggle} aria-pressed={composing} onClick={() => setComposing((c) => !c)}>
          {composing ? 'Nevermind' : newVariant ? 'New Message' : 'Compose message'}
        </button>
      </div>
      <div className={styles.scroll} onScroll={onScroll}>
        {composing ? (
          <RecipientSearch participant={participant} ownNames={user.channels.map((c) => c.name)} onPick={(other) => pick(other)} />
        ) : inbox.isPending ? (
          <p className={styles.status} role="status">
            Loading…
          </p>
        ) : inbox.isError ? (
          <p className={styles.status}>
            Your messages could not be loaded.{' '}
            <button type="button" className={styles.linkButton} onClick={() => void inbox.refetch()}>
              Retry
            </button>
          </p>
        ) : conversations.length === 0 ? (
          <div className={styles.empty}>
            {newVariant ? (
              <InboxSuggestions participant={participant} onPick={(other) => pick(other)} />
            ) : (
              <>
                <h3 className={styles.sectionTitle}>Talk to a Tumblr</h3>
                <FavoritesList participant={participant} layout="grid" onPick={(other) => pick(other)} />
              </>
            )}
          </div>
        ) : (
          <>
            {fileError && (
              <p className={styles.fileError} role="alert">
                {fileError}
              </p>
            )}
            <ul className={styles.list} aria-label="Conversations">
              {conversations.map((conversation) => (
                <ConversationRow
                  key={conversation.id}
                  conversation={conversation}
                  participant={participant}
                  polled={polled}
                  info={info}
                  onOpen={(other) => pick(other, conversation.id)}
                  onPhoto={(file) => {
                    const other = conversation.participants.find((p) => p.uuid !== participant);
                    if (other) sendPhoto(other, conversation.id, file);
                  }}
                />
              ))}
            </ul>
            {inbox.isFetchingNextPage && (
              <p className={styles.status} role="status">
                Loading…
              </p>
            )}
            {showFavoritesBelow && (
              <FavoritesList
                participant={participant}
                limit={INBOX_FAVORITES_SHOWN}
                layout="list"
                title={MORE_TUMBLRS_TITLE}
                titleClassName={styles.below}
                onPick={(other) => pick(other)}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
