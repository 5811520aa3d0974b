import type { AccountSession } from '../../shared/account-settings';
import { useRevokeSession, useSessions } from '../api/account-settings';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { CardLoading, SettingsLayout } from './SettingsLayout';
import styles from './settings.module.css';
import { Button } from '../ui/Button';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /settings/apps: where the person is logged in, each session with a way to end it. */
export function AppsSettingsPage() {
  usePageTitle('Apps and sessions');
  return (
    <RequireUser>
      {() => (
        <SettingsLayout active="apps">
          <section className={`${page.card} ${styles.section}`} aria-labelledby="apps-title">
            <h1 id="apps-title" className={page.title}>
              Where you are logged in
            </h1>
            <p className={page.muted}>
              Each browser or app you logged in with. Log one out if you do not recognise it, then change your password.
            </p>
            <Sessions />
          </section>
        </SettingsLayout>
      )}
    </RequireUser>
  );
}

function Sessions() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  if (sessions.isPending || sessions.isError) return <CardLoading error={sessions.error} onRetry={sessions.refetch} />;
  if (sessions.data.length === 0) return <p className={page.muted}>No sessions.</p>;
  return (
    <>
      {revoke.isError && (
        <p role="alert" className={styles.alert}>
          {revoke.error.message}
        </p>
      )}
      <ul className={styles.list} aria-label="Sessions">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} busy={revoke.isPending && revoke.variables === session.id}
            onEnd={() => revoke.mutate(session.id)} />
        ))}
      </ul>
    </>
  );
}

function SessionRow({ session, busy, onEnd }: { session: AccountSession; busy: boolean; onEnd: () => void }) {
  return (
    <li className={styles.sessionRow}>
      <span className={styles.sessionInfo}>
        <span>
          {session.device}
          {session.current && <span className={styles.badge}>This browser</span>}
        </span>
        <small>
          Last used {when.format(new Date(session.last_used_at))} · network {session.address_hash || 'unknown'}
        </small>
      </span>
      <Button variant="secondary" size="large" onClick={onEnd} disabled={busy}
        aria-label={`Log out ${session.device}${session.current ? ' (this browser)' : ''}, last used ${when.format(new Date(session.last_used_at))}`}>
        {busy ? 'Logging out…' : 'Log out'}
      </Button>
    </li>
  );
}
