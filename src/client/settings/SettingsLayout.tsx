import type { ReactNode } from 'react';
import { Link } from 'react-router';
import page from '../page/page.module.css';
import { useHeaderTitle } from '../page/header-chrome';
import styles from './settings.module.css';
import { Button } from '../ui/Button';

export type SettingsItem = 'dashboard' | 'password' | 'tfa' | 'help' | 'account' | 'notifications' | 'apps';

/**
 * Spec 2 §9's sub-navigation, in its order: password, two-factor, help, account, notifications,
 * apps. Inside settings every section opens in place: the spec's new tabs are the mobile
 * drawer's (header/MobileDrawer), where the settings open from another page. The dashboard
 * settings (sounds, messaging), which the spec links to from elsewhere, come first.
 */
export const SETTINGS_NAV: { item: SettingsItem; to: string; label: string }[] = [
  { item: 'dashboard', to: '/settings/dashboard', label: 'Dashboard' },
  { item: 'password', to: '/settings/password', label: 'Password' },
  { item: 'tfa', to: '/settings/tfa', label: 'Two-factor login' },
  { item: 'help', to: '/help', label: 'Help' },
  { item: 'account', to: '/settings/account', label: 'Account' },
  { item: 'notifications', to: '/settings/notifications', label: 'Notifications' },
  { item: 'apps', to: '/settings/apps', label: 'Apps and sessions' },
];

/** Every settings page: the sub-navigation (this page marked) above the page's own cards. */
export function SettingsLayout({ active, children }: { active: SettingsItem | null; children: ReactNode }) {
  useHeaderTitle(active === 'help' ? 'Help' : 'Settings');
  return (
    <div className={page.column}>
      <nav className={styles.nav} aria-label="Settings">
        <ul className={styles.navList}>
          {SETTINGS_NAV.map(({ item, to, label }) => (
            <li key={item}>
              <Link to={to} aria-current={item === active ? 'page' : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}

/** Inside a settings card: the loading line, or the error with Try again. */
export function CardLoading({ error, onRetry }: { error?: Error | null; onRetry?: () => unknown }) {
  if (!error) {
    return (
      <p role="status" className={page.muted}>
        Loading…
      </p>
    );
  }
  return (
    <p role="alert" className={styles.alert}>
      {error.message}{' '}
      <Button variant="secondary" size="large" onClick={() => onRetry?.()}>
        Try again
      </Button>
    </p>
  );
}
