import { useState } from 'react';
import { ApiError } from '../api/client';
import { useChangeEmail } from '../api/account-settings';
import { Field } from '../ui/Field';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { VerifyEmailBanner } from '../dashboard/VerifyEmailBanner';
import { DeleteAccountSection } from '../leaving/DeleteAccountSection';
import { ExportSection } from '../leaving/ExportSection';
import { SettingsForm } from '../user/SettingsForm';
import { SettingsFormShell } from './SettingsFormShell';
import { SettingsLayout } from './SettingsLayout';
import styles from './settings.module.css';

/** /settings/account: the email address (a change is verified again), safe mode, the default editor, the export and deleting the account. */
export function AccountSettingsPage() {
  usePageTitle('Account settings');
  return (
    <RequireUser>
      {(info) => (
        <SettingsLayout active="account">
          {!info.user.is_verified_email && <VerifyEmailBanner email={info.user.email} />}
          <section className={page.card} aria-labelledby="account-title">
            <h1 id="account-title" className={page.title}>
              Account
            </h1>
            <p className={page.muted}>
              {info.user.email}
              {info.user.is_verified_email ? ' (verified)' : ' (not verified yet)'}
            </p>
          </section>
          <section className={`${page.card} ${styles.section}`} aria-labelledby="email-title">
            <h2 id="email-title" className={styles.sectionTitle}>
              Change your email address
            </h2>
            <EmailForm />
          </section>
          <section className={`${page.card} ${styles.section}`} aria-labelledby="prefs-title">
            <h2 id="prefs-title" className={styles.sectionTitle}>
              Safe mode and editor
            </h2>
            <SettingsForm info={info} only={['safe_mode', 'editor']} />
          </section>
          <ExportSection verified={info.user.is_verified_email} />
          <DeleteAccountSection blogs={info.user.channels.map((channel) => channel.name)} />
        </SettingsLayout>
      )}
    </RequireUser>
  );
}

function EmailForm() {
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const error = change.error instanceof ApiError ? change.error : null;
  const done = change.isSuccess
    ? change.data.verification_email_sent
      ? `Your email address is now ${change.data.user.email}. We sent a link to it: open it to verify the address.`
      : `Your email address is now ${change.data.user.email}. The verification email could not be sent; ask for it again from your dashboard.`
    : null;
  return (
    <SettingsFormShell
      error={error}
      done={done}
      pending={change.isPending}
      submitLabel="Change email address"
      onSubmit={() => change.mutate({ email, password }, { onSuccess: () => setPassword('') })}
    >
      <Field label="New email address" name="email" type="email" autoComplete="email" value={email}
        onChange={(e) => setEmail(e.target.value)} error={error?.forField('email')} required />
      <Field label="Your password" name="password" type="password" autoComplete="current-password" value={password}
        onChange={(e) => setPassword(e.target.value)} error={error?.forField('password')} required />
    </SettingsFormShell>
  );
}
