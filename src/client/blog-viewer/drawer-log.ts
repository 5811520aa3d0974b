import { logEvent } from '../logging';
import type { LogFields } from '../../shared/logging/limits';

/** The drawer's logged events (spec 2 §4 Drawer): docs/api.md "Behaviour log events" lists their fields. */
export type DrawerEvent = 'load' | 'reload' | 'close' | 'paginate' | 'like' | 'reblog' | 'follow' | 'ajax_error';

export function logDrawerEvent(event: DrawerEvent, fields: LogFields = {}) {
  logEvent(`drawer_${event}`, fields);
}
