import { currentFormKey } from '../session/form-key';
import type { LogEvent } from '../../shared/logging/limits';

/** Where the queue posts its batches (spec 2 §7: POST /services/cslog with an `events` array). */
export const CSLOG_URL = '/services/cslog';

/**
 * Posts a batch. On page unload it uses navigator.sendBeacon when the browser has it, since a fetch
 * may be cancelled as the page goes; a beacon cannot carry headers, so the form key rides in the body.
 */
export const sendLogBatch = (events: LogEvent[], how: { unload: boolean }) => postBatch(CSLOG_URL, { events }, how);

/** The video-tracking path (spec 2 §7 "a trackers list with pt and event data"; the path is ours). */
export const VIDEO_TRACKING_URL = '/svc/log/video';

/** Video events travel as trackers: the event's name, its placement (pt) and the player's data. */
export const sendVideoTrackers = (events: LogEvent[], how: { unload: boolean }) =>
  postBatch(
    VIDEO_TRACKING_URL,
    {
      trackers: events.map(({ name, ts, pt, ...data }) => ({ event: name, ts, pt, data })),
    },
    how,
  );

async function postBatch(url: string, payload: object, { unload }: { unload: boolean }): Promise<boolean> {
  const formKey = currentFormKey();
  const body = JSON.stringify({ ...payload, ...(formKey ? { form_key: formKey } : {}) });
  if (unload && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    return navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
  }
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body,
      credentials: 'same-origin',
      keepalive: unload,
    });
    // A 400 will not get better by sending the same batch again: drop it rather than loop.
    return res.ok || res.status === 400;
  } catch {
    return false;
  }
}
