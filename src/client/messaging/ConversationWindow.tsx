import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TEXT_CANNOT_RECEIVE } from '../../shared/messaging/constants';
import { inAppHref } from '../../shared/routes';
import { AttachmentPlugins } from './AttachmentPlugins';
import attach from './Attachments.module.css';
import { Compose } from './Compose';
import { fetchErrorText, fetchRetriable } from './errors';
import { IntroCard } from './IntroCard';
import { MessageControls } from './MessageControls';
import { MessageList } from './MessageList';
import { PreviewStrip, StickerPreview } from './PreviewStrip';
import { messagingPoller } from './session';
import { usePolledUnread } from './queries';
import { messagingUi } from './store';
import { SpamFooter } from './SpamFooter';
import { useAttachments } from './use-attachments';
import { useConversation } from './use-conversation';
import { useMessageSafety } from './use-message-safety';
import { WindowActions } from './WindowActions';
import styles from './Window.module.css';
import type { WindowRecord } from './windows';

interface Props {
  record: WindowRecord;
  myName: string;
  ownNames: string[];
  /** The compose box, for Tab and Shift+Tab between windows. */
  textareaRef: (element: HTMLTextAreaElement | null) => void;
  maxImageBytes?: number;
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

/** A window opened this long ago or more was restored after a reload: focus stays where the person is. */
const FRESH_OPEN_MS = 10_000;

/**
 * Issue 25: the compose box takes focus when the conversation opens (or comes back from its tab),
 * as soon as it can be typed in, once per opening. Returns the ref to give the box.
 */
function useComposeFocus(record: WindowRecord, ready: boolean, textareaRef: Props['textareaRef']) {
  const box = useRef<HTMLTextAreaElement | null>(null);
  const focusedFor = useRef<number | null>(null);
  useEffect(() => {
    if (record.isMinimized || !ready || focusedFor.current === record.lastOpenedDateTs) return;
    focusedFor.current = record.lastOpenedDateTs;
    // A frame later: the inbox popover that opened it gives focus back to its button as it closes.
    if (Date.now() - record.lastOpenedDateTs < FRESH_OPEN_MS) requestAnimationFrame(() => box.current?.focus({ preventScroll: true }));
  }, [record.isMinimized, record.lastOpenedDateTs, ready]);
  const ref = useCallback(
    (element: HTMLTextAreaElement | null) => {
      box.current = element;
      textareaRef(element);
    },
    [textareaRef],
  );
  // After the GIF popover has closed (and given focus back to its button), the box takes it.
  const refocus = useCallback(() => requestAnimationFrame(() => box.current?.focus({ preventScroll: true })), []);
  return { ref, refocus };
}

/** One open conversation window (spec 2 §2, §4): header, messages, compose or the footer notice. */
export function ConversationWindow({ record, myName, ownNames, textareaRef, maxImageBytes }: Props) {
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
  const attachments = useAttachments({
    windowId: record.id,
    minimized: record.isMinimized,
    canSend: conversation.canSend,
    hasError: loading || query.isError,
    send: conversation.send,
    maxImageBytes,
  });
  const safety = useMessageSafety(record, myName, setActionError);
  const blurImages = conversation.conversation?.is_blurred_images === true && !safety.revealed;
  const compose = useComposeFocus(record, !loading && !query.isError && conversation.canSend, textareaRef);

  return (
    <section
      className={`${styles.window} ${attachments.dragging ? attach.dropTarget : ''}`}
      aria-labelledby={titleId}
      data-conversation={record.id}
      {...attachments.dropHandlers}
    >
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
      {conversation.removedError && (
        <p className={styles.notice} role="alert">
          {conversation.removedError}{' '}
          <button type="button" className={styles.smallButton} onClick={conversation.dismissRemovedError}>
            Close
          </button>
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
          intro={query.hasNextPage ? null : <IntroCard record={record} isNew={record.id.startsWith('new:') || conversation.messages.length === 0} />}
          blurImages={blurImages}
          onReveal={safety.reveal}
          controls={(message, sender) => (
            <MessageControls
              messageId={message.ts}
              sender={sender}
              ownNames={ownNames}
              onDelete={() => void safety.deleteOne(message.ts)}
              onBlock={() => sender && void safety.blockSender(sender)}
              onReport={() => void safety.report(message.ts)}
            />
          )}
        />
      )}
      {conversation.conversation?.is_possible_spam && <SpamFooter onMarkSpam={() => void safety.markSpam(otherName)} />}
      <PreviewStrip image={attachments.preview} onRemove={attachments.removePreview} onAlt={attachments.setPreviewAlt} />
      {attachments.sticker && <StickerPreview sticker={attachments.sticker} onRemove={attachments.removeSticker} />}
      {attachments.fileError && (
        <p className={attach.fileError} role="alert">
          {attachments.fileError}
        </p>
      )}
      {conversation.canSend ? (
        <Compose
          label={`Message ${otherName}`}
          disabled={loading || query.isError}
          allowEmpty={attachments.preview !== null || attachments.sticker !== null}
          onPasteFile={attachments.acceptFile}
          plugins={
            <AttachmentPlugins
              disabled={loading || query.isError}
              onFile={attachments.acceptFile}
              onGif={(item) => {
                attachments.acceptGif(item);
                compose.refocus();
              }}
              onSticker={(sticker) => {
                attachments.pickSticker(sticker);
                compose.refocus();
              }}
            />
          }
          onSend={attachments.submit}
          onCloseWindow={() => messagingUi.dispatch({ type: 'close', id: record.id })}
          onTyping={() => messagingPoller()?.typing()}
          textareaRef={compose.ref}
        />
      ) : (
        <p className={styles.footerNotice}>{TEXT_CANNOT_RECEIVE}</p>
      )}
    </section>
  );
}
