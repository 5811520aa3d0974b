// A lazily loaded panel that could not load (or broke while showing) is told to the server's
// behaviour log at once, so the failure of a chunk after a redeploy is seen, not only felt.
import { logEvent, logQueue } from './index';

/** The behaviour log's name for it (docs/api.md "Event names and their fields"). */
export const PANEL_FAILURE_EVENT = 'panel_load_error';

/** The text field's bound on the server (docs/api.md: text values are at most 512 characters). */
const MAX_TEXT = 512;

const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, MAX_TEXT);

/** Logs the failure of `panel` and sends it now: the person is about to reload, which would lose it. */
export function reportPanelFailure(panel: string, error: unknown) {
  logEvent(PANEL_FAILURE_EVENT, { panel: panel.slice(0, MAX_TEXT), error: messageOf(error), pt: typeof location === 'undefined' ? '' : location.pathname });
  void logQueue.flush();
}
