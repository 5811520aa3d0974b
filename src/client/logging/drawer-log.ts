import { logEvent } from './index';
import type { LogFields } from '../../shared/logging/limits';

/** The drawer's logged events (spec 2 §4 Drawer): docs/api.md "Behaviour log events" lists their fields. */
export type DrawerEvent = 'load' | 'reload' | 'close' | 'paginate' | 'like' | 'reblog' | 'follow' | 'ajax_error';

export function logDrawerEvent(event: DrawerEvent, fields: LogFields = {}) {
  logEvent(`drawer_${event}`, fields);
}

// Kept here, not read from the drawer's store: the API's like, reblog and follow log through it,
// and the API sits below the drawer.
let drawerOpen = false;

/** The drawer's store says whether a drawer is open now. */
export function setDrawerOpen(open: boolean) {
  drawerOpen = open;
}

/**
 * For actions that can happen anywhere (like, reblog, follow): the drawer is a modal dialog, so
 * while it is open the action was taken inside it.
 */
export function logDrawerAction(event: 'like' | 'reblog' | 'follow', fields: LogFields = {}) {
  if (drawerOpen) logDrawerEvent(event, fields);
}
