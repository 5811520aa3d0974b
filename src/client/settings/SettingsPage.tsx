import page from '../page/page.module.css';
import { BlockedBlogs } from '../blocks/BlockedBlogs';
import { RequireUser } from '../page/RequireUser';
import { VerifyEmailBanner } from '../dashboard/VerifyEmailBanner';
import { SettingsForm } from '../user/SettingsForm';
import { usePageTitle } from '../page/use-page-title';
import { SettingsLayout } from './SettingsLayout';

export function SettingsPage() {
  usePageTitle('Settings');
  return (
    <RequireUser>
      {(info) => (
        <SettingsLayout active={null}>
          {!info.user.is_verified_email && <VerifyEmailBanner email={info.user.email} />}
          <section className={page.card} aria-labelledby="settings-title">
            <h1 id="settings-title" className={page.title}>
              Settings
            </h1>
            <p className={page.muted} style={{ marginBottom: 16 }}>
              {info.user.email}
              {info.user.is_verified_email ? ' (verified)' : ' (not verified yet)'}
            </p>
            <SettingsForm info={info} />
          </section>
          <div className={page.card}>
            <BlockedBlogs info={info} />
          </div>
        </SettingsLayout>
      )}
    </RequireUser>
  );
}
