import { currentFormKey } from '../api/client';
import type { LogEvent } from '../../shared/logging/limits';

/** Where the queue posts its batches (spec 2 §7: POST /services/cslog with an `events` array). */
export const CSLOG_URL = '/services/cslog';

/**
 * Posts a batch. On page unload it uses navigator.sendBeacon when the browser has it, since a fetch
 * may be cancelled as the page goes; a beacon cannot carry headers, so the form key rides in the body.
 */
export async function sendLogBatch(events: LogEvent[], { unload }: { unload: boolean }): Promise<boolean> {
  const formKey = currentFormKey();
  const body = JSON.stringify({ events, ...(formKey ? { form_key: formKey } : {}) });
  if (unload && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    return navigator.sendBeacon(CSLOG_URL, new Blob([body], { type: 'application/json' }));
  }
  try {
    const res = await fetch(CSLOG_URL, {
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
