import { isPageShortcut, type KeyPress } from '../ui/page-keys';

// The dashboard's keyboard: a pure map from a key press to an action.

export type DashboardKeyAction = 'next' | 'previous' | 'like' | 'reblog' | 'newPost' | 'help';

export const DASHBOARD_KEYS: Readonly<Record<string, DashboardKeyAction>> = {
  j: 'next',
  k: 'previous',
  l: 'like',
  r: 'reblog',
  n: 'newPost',
  '?': 'help',
};

/**
 * The action of a key press on the dashboard, or null: never while typing in a field or an editor,
 * with Ctrl, Cmd or Alt held (those are the browser's), or inside a dialog (the blog drawer, a
 * form) that has its own keys. Shift is allowed: `?` needs it on most keyboards.
 */
export function dashboardKeyAction(press: KeyPress): DashboardKeyAction | null {
  if (!isPageShortcut(press)) return null;
  return DASHBOARD_KEYS[press.key] ?? null;
}
