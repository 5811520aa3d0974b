import { DRAWER_KEYS, type DrawerKeyAction } from '../blog-viewer/keyboard-map';
import { FORMATS, isMac, shortcutLabel } from '../editors/formats';
import { DASHBOARD_KEYS, type DashboardKeyAction } from './dashboard-keys';

export interface Shortcut {
  keys: string;
  does: string;
}

export interface ShortcutGroup {
  title: string;
  shortcuts: Shortcut[];
}

const DASHBOARD_WORDS: Record<DashboardKeyAction, string> = {
  next: 'Next post',
  previous: 'Previous post',
  like: 'Like the current post',
  reblog: 'Reblog the current post',
  newPost: 'New post',
  help: 'Show these shortcuts',
};

const DRAWER_WORDS: Record<DrawerKeyAction, string> = {
  next: 'Next post',
  previous: 'Previous post',
  like: 'Like the current post',
  reblog: 'Reblog the current post',
  share: 'Share the current post',
  top: 'Back to the top',
  openSource: 'Open the blog a post was reblogged from',
};

/** Each group is read from the keys its own code answers, so the sheet cannot miss one. */
function fromMap<A extends string>(keys: Readonly<Record<string, A>>, words: Record<A, string>): Shortcut[] {
  return Object.entries(keys).map(([key, action]) => ({ keys: key, does: words[action] }));
}

/** Every keyboard shortcut of the dashboard page, grouped by where it works. */
export function shortcutGroups(mac = isMac()): ShortcutGroup[] {
  return [
    {
      title: 'Dashboard',
      shortcuts: [...fromMap(DASHBOARD_KEYS, DASHBOARD_WORDS), { keys: '/', does: 'Search' }, { keys: 'Escape', does: 'Close a sheet, a menu or a popover' }],
    },
    {
      title: 'Fast compose',
      shortcuts: [
        { keys: mac ? '\u2325C' : 'Z then C', does: 'Open or close fast compose' },
        { keys: 'Tab, C, \u2190 \u2192', does: 'Move between post types' },
        { keys: 'Enter', does: 'Make a post of that type' },
        { keys: 'Escape', does: 'Close fast compose' },
      ],
    },
    { title: 'Blog drawer', shortcuts: [...fromMap(DRAWER_KEYS, DRAWER_WORDS), { keys: 'Escape', does: 'Close the drawer' }] },
    { title: 'Post editor', shortcuts: FORMATS.map((format) => ({ keys: shortcutLabel(format.shortcut, mac), does: format.label })) },
  ];
}
