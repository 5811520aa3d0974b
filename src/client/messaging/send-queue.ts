// The send queue of one conversation window (spec 2 §4 "Message send") as a pure reducer:
// queued → pending → sent, one message at a time, and the flush stops at the first failure
// until that message is retried or closed.
import type { MessageType } from '../../shared/messaging/api';
import type { PreviewImage } from './attachments';
import type { Message, PostRef, Sticker } from './types';

export type OutgoingStatus = 'queued' | 'pending' | 'sent' | 'error';

export interface Outgoing {
  /** Made when the message is queued; sent as idempotency_key so a retry never stores it twice. */
  key: string;
  type: MessageType;
  text: string;
  post?: PostRef;
  context?: string;
  /** IMAGE: the uploaded file or the chosen GIF, with its preview. */
  image?: PreviewImage;
  /** STICKER: the chosen sticker. */
  sticker?: Sticker;
  /** When it was queued (ms): where it shows until the server's copy takes its place. */
  clientTs: number;
  status: OutgoingStatus;
  /** After a failure: false for 403 and 404 (asking again cannot help). */
  canRetry: boolean;
  /** After a failure: the text shown under it. */
  errorText?: string;
  /** Queued again after a failure: its button reads 'Trying...' until the answer. */
  retrying?: boolean;
  /** Once sent: the stored message. */
  sent?: Message;
}

export interface SendQueue {
  items: Outgoing[];
  /** Spec 2 §4: a post message without a thumbnail that failed was removed; this says so. */
  removedError?: string;
}

export type SendAction =
  | { type: 'enqueue'; item: Pick<Outgoing, 'key' | 'type' | 'text' | 'post' | 'context' | 'clientTs' | 'image' | 'sticker'> }
  | { type: 'start'; key: string }
  | { type: 'succeeded'; key: string; message: Message }
  | { type: 'failed'; key: string; status: number; errorText: string }
  | { type: 'retry'; key: string }
  | { type: 'remove'; key: string }
  /** The removed post message's error has been read. */
  | { type: 'dismissError' }
  /** The server's list now holds these messages: their queued copies are no longer needed. */
  | { type: 'settled'; keys: string[] };

export const emptyQueue: SendQueue = { items: [] };

/** Spec 2 §4: a refusal that will stand (forbidden, not found) cannot be retried. */
export const canRetryStatus = (status: number) => status !== 403 && status !== 404;

const update = (queue: SendQueue, key: string, change: (item: Outgoing) => Outgoing): SendQueue => ({
  ...queue,
  items: queue.items.map((item) => (item.key === key ? change(item) : item)),
});

export function sendQueueReducer(queue: SendQueue, action: SendAction): SendQueue {
  switch (action.type) {
    case 'enqueue':
      if (queue.items.some((item) => item.key === action.item.key)) return queue;
      return { items: [...queue.items, { ...action.item, status: 'queued', canRetry: true }] };
    case 'start':
      // Only the message the flush rule names may start: never two at once, never past a failure.
      if (nextToSend(queue)?.key !== action.key) return queue;
      return update(queue, action.key, (item) => ({ ...item, status: 'pending' }));
    case 'succeeded':
      return update(queue, action.key, (item) =>
        item.status === 'pending' ? { ...item, status: 'sent', sent: action.message, retrying: false, errorText: undefined } : item,
      );
    case 'failed': {
      // Spec 2 §4: a post message without a thumbnail that fails is removed, and an error shown.
      const failing = queue.items.find((item) => item.key === action.key && item.status === 'pending');
      if (failing?.type === 'POSTREF' && !failing.post?.thumbnail_url) {
        return { items: queue.items.filter((item) => item.key !== action.key), removedError: action.errorText };
      }
      return update(queue, action.key, (item) =>
        item.status === 'pending'
          ? { ...item, status: 'error', retrying: false, canRetry: canRetryStatus(action.status), errorText: action.errorText }
          : item,
      );
    }
    case 'dismissError':
      return { items: queue.items };
    case 'retry':
      return update(queue, action.key, (item) => (item.status === 'error' && item.canRetry ? { ...item, status: 'queued', retrying: true } : item));
    case 'remove':
      return { ...queue, items: queue.items.filter((item) => item.key !== action.key) };
    case 'settled': {
      const done = new Set(action.keys);
      return { ...queue, items: queue.items.filter((item) => !(item.status === 'sent' && done.has(item.key))) };
    }
  }
}

/**
 * The message to send now: the first queued one, unless one is on its way or an earlier one
 * failed (the flush is sequential and stops at the first failure).
 */
export function nextToSend(queue: SendQueue): Outgoing | null {
  for (const item of queue.items) {
    if (item.status === 'sent') continue;
    if (item.status === 'queued') return item;
    return null;
  }
  return null;
}

/** The button under a message that failed (spec 2 §4): 'Retry', 'Could not send', or 'Trying...' while it goes again. */
export function retryButtonLabel(item: Outgoing): string | null {
  if (item.status === 'error') return item.canRetry ? 'Retry' : 'Could not send';
  if (item.retrying && (item.status === 'queued' || item.status === 'pending')) return 'Trying...';
  return null;
}
