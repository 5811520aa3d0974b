import { Link } from 'react-router';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { SettingsForm } from '../user/SettingsForm';
import { SettingsLayout } from './SettingsLayout';
import styles from './settings.module.css';

/** /settings/dashboard: sounds, the alt-text reminder, and where each blog's messaging settings are (its blog settings). */
export function DashboardSettingsPage() {
  usePageTitle('Dashboard settings');
  return (
    <RequireUser>
      {(info) => (
        <SettingsLayout active="dashboard">
          <section className={`${page.card} ${styles.section}`} aria-labelledby="dashboard-title">
            <h1 id="dashboard-title" className={page.title}>
              Dashboard
            </h1>
            <SettingsForm info={info} only={['palette', 'sounds', 'desktop', 'multi_window', 'alt_text_reminder']} />
          </section>
          <section className={`${page.card} ${styles.section}`} aria-labelledby="messaging-title">
            <h2 id="messaging-title" className={styles.sectionTitle}>
              Messaging
            </h2>
            <p className={page.muted}>Who may message each of your blogs is set in that blog’s settings.</p>
            <ul className={styles.list}>
              {info.user.channels.map((blog) => (
                <li key={blog.name}>
                  <Link to={`/blog/${encodeURIComponent(blog.name)}/settings`}>Messaging settings for {blog.name}</Link>
                </li>
              ))}
            </ul>
          </section>
        </SettingsLayout>
      )}
    </RequireUser>
  );
}
