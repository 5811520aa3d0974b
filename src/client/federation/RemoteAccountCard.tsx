import { HANDLE } from '../../shared/federation/types';
import { useRemoteAccount, useRemoteFollow } from '../api/federation';
import page from '../page/page.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import styles from './RemoteAccountCard.module.css';

/** Whether search text is a fediverse handle (@name@host) worth looking up elsewhere. */
export const isHandle = (q: string) => HANDLE.test(q.trim());

/**
 * A search for @name@host: the account on its own server, as a blog card with Follow. Shown to
 * people who are logged in (a follow goes out as one of their blogs).
 */
export function RemoteAccountCard({ handle }: { handle: string }) {
  const lookup = useRemoteAccount(handle.trim(), true);
  const follow = useRemoteFollow(handle.trim());
  if (lookup.isPending) {
    return (
      <section className={page.card} aria-busy="true" aria-label="Account elsewhere">
        <p className={styles.status}>Looking for {handle.trim()} on its server…</p>
      </section>
    );
  }
  if (lookup.isError) {
    return (
      <section className={page.card} aria-label="Account elsewhere">
        <p className={styles.status} role="status">
          {lookup.error.message}
        </p>
      </section>
    );
  }
  const account = lookup.data;
  return (
    <section className={page.card} aria-labelledby="remote-account">
      <div className={styles.card}>
        {account.icon_url ? <img className={styles.icon} src={account.icon_url} alt="" width={48} height={48} /> : <span className={styles.icon} aria-hidden="true" />}
        <div className={styles.names}>
          <h2 id="remote-account" className={styles.name}>
            {account.url ? (
              <a href={account.url} target="_blank" rel="noopener noreferrer nofollow">
                {account.name}
              </a>
            ) : (
              account.name
            )}
          </h2>
          <span className={styles.handle}>@{account.handle}</span>
        </div>
        <button
          type="button"
          className={account.following ? `${styles.button} ${styles.unfollow}` : styles.button}
          aria-pressed={account.following}
          disabled={follow.isPending}
          onClick={() => follow.mutate(!account.following)}
        >
          {account.following ? 'Following' : 'Follow'}
        </button>
      </div>
      {account.summary_html && <SanitizedHtml html={account.summary_html} className={styles.summary} />}
      {follow.isError && (
        <p className={styles.error} role="alert">
          {follow.error.message}
        </p>
      )}
    </section>
  );
}
