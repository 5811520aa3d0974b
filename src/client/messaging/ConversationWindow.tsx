import { useMemo, useState, type ReactNode } from 'react';
import { TEXT_CANNOT_RECEIVE } from '../../shared/messaging/constants';
import { inAppHref } from '../../shared/routes';
import { Compose } from './Compose';
import { fetchErrorText, fetchRetriable } from './errors';
import { IntroCard } from './IntroCard';
import { MessageList } from './MessageList';
import { messagingPoller } from './session';
import { usePolledUnread } from './queries';
import { messagingUi } from './store';
import { useConversation } from './use-conversation';
import { WindowActions } from './WindowActions';
import styles from './Window.module.css';
import type { WindowRecord } from './windows';

interface Props {
  record: WindowRecord;
  myName: string;
  ownNames: string[];
  /** The compose box, for Tab and Shift+Tab between windows. */
  textareaRef: (element: HTMLTextAreaElement | null) => void;
}

/** "a, b + c" with each name a link to its blog (spec 2 §2). */
function HeaderNames({ participants }: { participants: WindowRecord['participants'] }) {
  const parts: ReactNode[] = [];
  participants.forEach((p, i) => {
    if (i > 0) parts.push(i === participants.length - 1 ? ' + ' : ', ');
    parts.push(
      <a key={p.uuid} href={inAppHref(p.url)} className={styles.headerName}>
        {p.name}
      </a>,
    );
  });
  return <>{parts}</>;
}

/** One open conversation window (spec 2 §2, §4): header, messages, compose or the footer notice. */
export function ConversationWindow({ record, myName, ownNames, textareaRef }: Props) {
  const otherName = record.participants[0]?.name ?? '';
  const conversation = useConversation(record, { active: !record.isMinimized, otherName });
  const { query } = conversation;
  const polled = usePolledUnread();
  const unread = record.id.startsWith('new:') ? 0 : Object.values(polled ?? {}).reduce((sum, counts) => sum + (counts[record.id] ?? 0), 0);
  const [actionError, setActionError] = useState<string | null>(null);
  // One line per failure, not a new random one per render.
  const errorText = useMemo(() => (query.error ? fetchErrorText(query.error, otherName) : null), [query.error, otherName]);
  const loading = query.isPending && !query.isError;
  const titleId = `window-title-${record.id}`;

  return (
    <section className={styles.window} aria-labelledby={titleId} data-conversation={record.id}>
      <header className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          <HeaderNames participants={record.participants} />
        </h2>
        <WindowActions record={record} myName={myName} ownNames={ownNames} onError={setActionError} />
        <button type="button" className={styles.headerButton} onClick={() => messagingUi.dispatch({ type: 'minimize', id: record.id })} data-tooltip="Minimize">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M5 18h14v2H5z" />
          </svg>
          <span className="visually-hidden">Minimize</span>
        </button>
        <button type="button" className={styles.headerButton} onClick={() => messagingUi.dispatch({ type: 'close', id: record.id })} data-tooltip="Close">
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path fill="currentColor" d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7 2.9 18.3 9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3z" />
          </svg>
          <span className="visually-hidden">Close</span>
        </button>
      </header>
      {actionError && (
        <p className={styles.notice} role="alert">
          {actionError}
        </p>
      )}
      {query.isError ? (
        <div className={styles.error} role="alert">
          <p>{errorText}</p>
          {fetchRetriable(query.error) && (
            <button type="button" className={styles.smallButton} onClick={() => void query.refetch()} disabled={query.isFetching}>
              {query.isFetching ? 'Retrying...' : 'Retry'}
            </button>
          )}
        </div>
      ) : loading ? (
        <div className={styles.loader} role="status">
          Loading…
        </div>
      ) : (
        <MessageList
          messages={conversation.messages}
          outgoing={conversation.outgoing}
          me={record.participantUuid}
          myName={myName}
          participants={record.participants}
          unread={unread}
          onFetchNewest={conversation.fetchNewest}
          hasOlder={Boolean(query.hasNextPage)}
          onFetchOlder={() => {
            if (!query.isFetchingNextPage) void query.fetchNextPage();
          }}
          onRetry={conversation.retry}
          onRemove={conversation.remove}
          intro={query.hasNextPage ? null : <IntroCard record={record} />}
        />
      )}
      {conversation.canSend ? (
        <Compose
          label={`Message ${otherName}`}
          disabled={loading || query.isError}
          onSend={(text) => conversation.send(text)}
          onCloseWindow={() => messagingUi.dispatch({ type: 'close', id: record.id })}
          onTyping={() => messagingPoller()?.typing()}
          textareaRef={textareaRef}
        />
      ) : (
        <p className={styles.footerNotice}>{TEXT_CANNOT_RECEIVE}</p>
      )}
    </section>
  );
}
