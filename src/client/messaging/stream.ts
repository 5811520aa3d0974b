// The live pokes (beyond the spec): GET /services/stream holds a server-sent events connection
// that says "your unread counts changed", so the poller asks at once instead of at its next turn.
// Polling stays the fallback: while the stream is connected the poller slows to a heartbeat
// (poller.ts), and when it drops or cannot connect the poller keeps the spec's pace.

export interface StreamHandle {
  close: () => void;
}

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & { onerror: EventSource['onerror'] };

/** The server's `heartbeat` event comes every 25 s; silence for two of them means the stream stalled. */
export const STREAM_SILENCE_MS = 60_000;

export function connectStream(
  token: string,
  onPoke: () => void,
  create?: (url: string) => EventSourceLike,
  /** Whether the stream is connected now: on open, and on every drop (the browser then retries). */
  onConnected: (connected: boolean) => void = () => {},
): StreamHandle {
  if (typeof EventSource === 'undefined' && create === undefined) return { close: () => {} };
  const make = create ?? ((url: string) => new EventSource(url));
  const url = `/services/stream?token=${encodeURIComponent(token)}`;
  let opened = false;
  let closed = false;
  let source: EventSourceLike;
  let silence: ReturnType<typeof setTimeout> | undefined;

  // A connection that stalls without an error (a proxy holding it open, a sleeping laptop's dead
  // socket) would leave the poller at its slow heartbeat: after STREAM_SILENCE_MS without any
  // event, treat it as dropped (the poller returns to the spec's pace) and open a new one.
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => {
      source.close();
      onConnected(false);
      if (!closed) open();
    }, STREAM_SILENCE_MS);
  };

  const open = () => {
    source = make(url);
    source.addEventListener('open', () => {
      heard();
      onConnected(true);
      // "open" after a reconnect catches up on what was missed while the connection was down.
      if (opened) onPoke();
      opened = true;
    });
    source.addEventListener('error', () => onConnected(false));
    // `unread` is the poke (docs/api.md).
    source.addEventListener('unread', () => {
      heard();
      onPoke();
    });
    source.addEventListener('heartbeat', heard);
    // The server closed this stream for a newer one of the same user (its per-user cap): another
    // tab holds the live connection now. Reconnecting would close that one in turn, so this page
    // stays on the poller's pace.
    source.addEventListener('superseded', () => {
      closed = true;
      clearTimeout(silence);
      source.close();
      onConnected(false);
    });
    heard();
  };
  open();

  return {
    close: () => {
      closed = true;
      clearTimeout(silence);
      source.close();
      onConnected(false);
    },
  };
}
