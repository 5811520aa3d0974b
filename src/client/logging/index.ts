import type { LogFields } from '../../shared/logging/limits';
import type { BusEvents } from '../events/bus';
import { LogQueue } from './log-queue';
import { sendLogBatch, sendVideoTrackers } from './transport';

/** The page's log queue (POST /services/cslog). */
export const logQueue = new LogQueue({ send: sendLogBatch });
/** Video trackers, batched the same way, to their own path (POST /svc/log/video). */
export const videoQueue = new LogQueue({ send: sendVideoTrackers });

/** What the video player publishes on the client event bus (spec 1 §7 video events). */
export type VideoBusEvent = BusEvents['video'];

/**
 * The video-tracking adapter: main.tsx gives it each `video` event of the players' client event
 * bus; the payload's post_id is kept as the event's post and pt names the page.
 */
export function logVideoEvent({ name, payload }: VideoBusEvent) {
  videoQueue.log(name, { ...payload, pt: typeof location === 'undefined' ? '' : location.pathname });
}

/** Logs one behaviour event (see docs/api.md "Behaviour log events" for the names and fields). */
export function logEvent(name: string, fields: LogFields = {}) {
  logQueue.log(name, fields);
}

/** Follows the `logging` feature flag from the user info; called whenever user info arrives. */
export function setLoggingEnabled(enabled: boolean) {
  logQueue.setEnabled(enabled);
  videoQueue.setEnabled(enabled);
}

let unloadHooked = false;

/** Sends what waits when the page goes away (pagehide fires where unload is unreliable, e.g. mobile). */
export function hookPageUnload(target: Pick<Window, 'addEventListener'> = window) {
  if (unloadHooked) return;
  unloadHooked = true;
  const flush = () => {
    void logQueue.flush(true);
    void videoQueue.flush(true);
  };
  target.addEventListener('pagehide', flush);
  target.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

export { LogQueue } from './log-queue';
export type { LogFields } from '../../shared/logging/limits';
