// One typed event bus inside the client. Players publish on it (spec 1 §7 "Video events published
// internally"); a later logging issue subscribes and sends them on. Nothing here talks to the server.
import type { VideoEventName, VideoEventPayload } from '../../shared/players/constants';

export interface BusEvents {
  /** Spec 1 §7: a video player event with its payload. */
  video: { name: VideoEventName; payload: VideoEventPayload };
  /** Spec 1 §4: every playing video pauses (a post form or a post detail view opened). */
  'players:pause-all': { reason: 'post-form' | 'post-detail' };
}

type Handler<K extends keyof BusEvents> = (event: BusEvents[K]) => void;

const handlers = new Map<keyof BusEvents, Set<Handler<never>>>();

export function subscribe<K extends keyof BusEvents>(kind: K, handler: Handler<K>): () => void {
  let set = handlers.get(kind);
  if (!set) handlers.set(kind, (set = new Set()));
  set.add(handler as Handler<never>);
  return () => set.delete(handler as Handler<never>);
}

export function publish<K extends keyof BusEvents>(kind: K, event: BusEvents[K]): void {
  // A copy: a handler may unsubscribe while the event is delivered.
  for (const handler of [...(handlers.get(kind) ?? [])]) (handler as Handler<K>)(event);
}
