import type { LogFields } from '../../shared/logging/limits';
import { LogQueue } from './log-queue';
import { sendLogBatch } from './transport';

/** The page's one log queue. */
export const logQueue = new LogQueue({ send: sendLogBatch });

/** Logs one behaviour event (see docs/api.md "Behaviour log events" for the names and fields). */
export function logEvent(name: string, fields: LogFields = {}) {
  logQueue.log(name, fields);
}

/** Follows the `logging` feature flag from the user info; called whenever user info arrives. */
export function setLoggingEnabled(enabled: boolean) {
  logQueue.setEnabled(enabled);
}

let unloadHooked = false;

/** Sends what waits when the page goes away (pagehide fires where unload is unreliable, e.g. mobile). */
export function hookPageUnload(target: Pick<Window, 'addEventListener'> = window) {
  if (unloadHooked) return;
  unloadHooked = true;
  const flush = () => void logQueue.flush(true);
  target.addEventListener('pagehide', flush);
  target.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

export { LogQueue } from './log-queue';
export type { LogFields } from '../../shared/logging/limits';
