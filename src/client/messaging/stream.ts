// The live pokes (beyond the spec): GET /services/stream holds a server-sent events connection
// that says "your unread counts changed", so the poller asks at once instead of at its next turn.
// Polling stays the fallback: while the stream is connected the poller slows to a heartbeat
// (poller.ts), and when it drops or cannot connect the poller keeps the spec's pace.

export interface StreamHandle {
  close: () => void;
}

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & { onerror: EventSource['onerror'] };

export function connectStream(
  token: string,
  onPoke: () => void,
  create?: (url: string) => EventSourceLike,
  /** Whether the stream is connected now: on open, and on every drop (the browser then retries). */
  onConnected: (connected: boolean) => void = () => {},
): StreamHandle {
  if (typeof EventSource === 'undefined' && create === undefined) return { close: () => {} };
  const source = (create ?? ((url: string) => new EventSource(url)))(`/services/stream?token=${encodeURIComponent(token)}`);
  let opened = false;
  source.addEventListener('open', () => onConnected(true));
  source.addEventListener('error', () => onConnected(false));
  // `unread` is the poke (docs/api.md); "open" after a reconnect catches up on what was missed
  // while the connection was down.
  source.addEventListener('unread', () => onPoke());
  source.addEventListener('open', () => {
    if (opened) onPoke();
    opened = true;
  });
  return {
    close: () => {
      source.close();
      onConnected(false);
    },
  };
}
