import { logEvent } from '../logging';
import type { WindowsAction } from './windows';

/** Spec 2 §7: messaging's logging events belong to the namespace messaging-interaction. */
export const MESSAGING_NAMESPACE = 'messaging-interaction';

/** The window changes a person makes (not loads, renames or clears, which the product does itself). */
const LOGGED: Partial<Record<WindowsAction['type'], string>> = { open: 'window_open', minimize: 'window_minimize', restore: 'window_restore', close: 'window_close' };

export function logWindowAction(action: WindowsAction) {
  const event = LOGGED[action.type];
  if (!event) return;
  const id = action.type === 'open' ? action.record.id : 'id' in action ? action.id : '';
  logEvent(`${MESSAGING_NAMESPACE}:${event}`, { conversation: id.startsWith('new:') ? 'new' : id });
}

export function logInboxToggle(open: boolean) {
  logEvent(`${MESSAGING_NAMESPACE}:${open ? 'inbox_open' : 'inbox_close'}`);
}
