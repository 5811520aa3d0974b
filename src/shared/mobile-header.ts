/** Spec 2 §9 mobile header: below this width the mobile header replaces the desktop one. */
export const MOBILE_HEADER_MAX_WIDTH = 990;
/** The sticky header appears after scrolling past this many pixels... */
export const STICKY_THRESHOLD_PX = 45;
/** ...this long after the page got there. */
export const STICKY_DELAY_MS = 500;

/** The drawer's settings sub-navigation (spec 2 §2); the last three open in a new tab. */
export const SETTINGS_SUBNAV = [
  { href: '/settings/password', label: 'Password', newTab: false },
  { href: '/settings/tfa', label: 'Two-factor authentication', newTab: false },
  { href: '/help', label: 'Help', newTab: false },
  { href: '/settings/account', label: 'Account', newTab: true },
  { href: '/settings/notifications', label: 'Notifications', newTab: true },
  { href: '/settings/apps', label: 'Apps and sessions', newTab: true },
] as const;
