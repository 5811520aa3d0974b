// The live pokes (beyond the spec): GET /services/stream holds a server-sent events connection
// that says "your unread counts changed", so the poller asks at once instead of at its next turn.
// Polling stays the fallback: when the stream cannot connect, nothing else changes.

export interface StreamHandle {
  close: () => void;
}

type EventSourceLike = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'> & { onerror: EventSource['onerror'] };

export function connectStream(
  token: string,
  onPoke: () => void,
  create: (url: string) => EventSourceLike = (url) => new EventSource(url),
): StreamHandle {
  if (typeof EventSource === 'undefined' && arguments.length < 3) return { close: () => {} };
  const source = create(`/services/stream?token=${encodeURIComponent(token)}`);
  let opened = false;
  // `unread` is the poke (docs/api.md); "open" after a reconnect catches up on what was missed
  // while the connection was down.
  source.addEventListener('unread', () => onPoke());
  source.addEventListener('open', () => {
    if (opened) onPoke();
    opened = true;
  });
  return { close: () => source.close() };
}
