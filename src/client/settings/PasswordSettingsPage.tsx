import { useState } from 'react';
import { ApiError } from '../api/client';
import { useChangePassword } from '../api/account-settings';
import { Field } from '../ui/Field';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { LIMITS } from '../../shared/constants';
import { SettingsFormShell } from './SettingsFormShell';
import { SettingsLayout } from './SettingsLayout';
import styles from './settings.module.css';

/** /settings/password: a new password; every other session is logged out. */
export function PasswordSettingsPage() {
  usePageTitle('Password');
  return (
    <RequireUser>
      {() => (
        <SettingsLayout active="password">
          <section className={`${page.card} ${styles.section}`} aria-labelledby="password-title">
            <h1 id="password-title" className={page.title}>
              Change your password
            </h1>
            <p className={page.muted}>Changing it logs you out everywhere else: on other browsers, phones and apps.</p>
            <PasswordForm />
          </section>
        </SettingsLayout>
      )}
    </RequireUser>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const error = change.error instanceof ApiError ? change.error : null;
  const submit = () =>
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
        },
      },
    );
  return (
    <SettingsFormShell
      error={error}
      done={change.isSuccess && 'Your password is changed. Every other session is logged out.'}
      pending={change.isPending}
      submitLabel="Change password"
      onSubmit={submit}
    >
      <Field label="Current password" name="current_password" type="password" autoComplete="current-password" value={current}
        onChange={(e) => setCurrent(e.target.value)} error={error?.forField('current_password')} required />
      <Field label="New password" name="new_password" type="password" autoComplete="new-password" value={next}
        onChange={(e) => setNext(e.target.value)} error={error?.forField('new_password')}
        hint={`At least ${LIMITS.password_min_length} characters. A few unrelated words make a strong one.`} required />
    </SettingsFormShell>
  );
}
