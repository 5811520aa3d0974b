import type { EmailPreferences } from '../../shared/account-settings';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/account-settings';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { CardLoading, SettingsLayout } from './SettingsLayout';
import styles from './settings.module.css';

const KINDS: { key: keyof EmailPreferences; label: string; hint: string }[] = [
  { key: 'email_new_followers', label: 'New followers', hint: 'Who started following your blogs.' },
  { key: 'email_asks', label: 'Asks', hint: 'Questions sent to your blogs.' },
  { key: 'email_messages', label: 'Messages while you are away', hint: 'Messages that came while you were not on the site.' },
];

/** /settings/notifications: which emails the person gets (each kind at most once an hour, batched). */
export function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  return (
    <RequireUser>
      {() => (
        <SettingsLayout active="notifications">
          <section className={`${page.card} ${styles.section}`} aria-labelledby="notifications-title">
            <h1 id="notifications-title" className={page.title}>
              Email notifications
            </h1>
            <p className={page.muted}>We gather them and send each kind at most once an hour.</p>
            <Preferences />
          </section>
        </SettingsLayout>
      )}
    </RequireUser>
  );
}

function Preferences() {
  const prefs = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  if (prefs.isPending || prefs.isError) return <CardLoading error={prefs.error} onRetry={prefs.refetch} />;
  return (
    <div className={styles.form}>
      {KINDS.map(({ key, label, hint }) => (
        <label key={key} className={styles.switchRow}>
          <span>
            {label}
            <small>{hint}</small>
          </span>
          <input
            type="checkbox"
            role="switch"
            checked={update.isPending && update.variables[key] !== undefined ? Boolean(update.variables[key]) : prefs.data[key]}
            onChange={(e) => update.mutate({ [key]: e.target.checked })}
          />
        </label>
      ))}
      <p role="status" className={update.isError ? styles.alert : page.muted}>
        {update.isError ? update.error.message : update.isSuccess ? 'Saved.' : ''}
      </p>
    </div>
  );
}
