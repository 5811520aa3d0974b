import { useState, type FormEvent } from 'react';
import type { TfaSetup } from '../../shared/account-settings';
import { ApiError } from '../api/client';
import { useTfaDisable, useTfaEnable, useTfaSetup, useTfaStatus } from '../api/account-settings';
import { Field } from '../ui/Field';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { CardLoading, SettingsLayout } from './SettingsLayout';
import styles from './settings.module.css';
import { Button } from '../ui/Button';

/** /settings/tfa: two-factor login with an authenticator app, and its one-time recovery codes. */
export function TfaSettingsPage() {
  usePageTitle('Two-factor login');
  return (
    <RequireUser>
      {() => (
        <SettingsLayout active="tfa">
          <section className={`${page.card} ${styles.section}`} aria-labelledby="tfa-title">
            <h1 id="tfa-title" className={page.title}>
              Two-factor login
            </h1>
            <p className={page.muted}>
              With it on, logging in asks for a code from an authenticator app on your phone as well as your password.
            </p>
            <Tfa />
          </section>
        </SettingsLayout>
      )}
    </RequireUser>
  );
}

function Tfa() {
  const status = useTfaStatus();
  const [recovery, setRecovery] = useState<string[] | null>(null);
  if (recovery) return <RecoveryCodes codes={recovery} onDone={() => setRecovery(null)} />;
  if (status.isPending || status.isError) return <CardLoading error={status.error} onRetry={status.refetch} />;
  if (status.data.enabled) {
    return (
      <>
        <p role="status" className={styles.done}>
          Two-factor login is on. {status.data.recovery_codes_left} of 10 recovery codes left.
        </p>
        <DisableForm />
      </>
    );
  }
  return <Enrol onEnabled={setRecovery} />;
}

function Enrol({ onEnabled }: { onEnabled: (codes: string[]) => void }) {
  const setup = useTfaSetup();
  const enable = useTfaEnable();
  const [code, setCode] = useState('');
  const error = enable.error instanceof ApiError ? enable.error : null;
  if (!setup.data) {
    return (
      <>
        {setup.isError && (
          <p role="alert" className={styles.alert}>
            {setup.error.message}
          </p>
        )}
        <Button variant="primary" size="large" className={styles.button} onClick={() => setup.mutate()} disabled={setup.isPending}>
          {setup.isPending ? 'Starting…' : 'Set up two-factor login'}
        </Button>
      </>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    enable.mutate(code, { onSuccess: (r) => onEnabled(r.recovery_codes) });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <SetupCode setup={setup.data} />
      {error && !error.items.some((item) => item.field) && (
        <p role="alert" className={styles.alert}>
          {error.message}
        </p>
      )}
      <Field label="The 6-digit code the app shows" name="code" inputMode="numeric" autoComplete="one-time-code" value={code}
        onChange={(e) => setCode(e.target.value)} error={error?.forField('code')} required />
      <Button variant="primary" size="large" className={styles.button} type="submit" disabled={enable.isPending}>
        {enable.isPending ? 'Checking…' : 'Turn on two-factor login'}
      </Button>
    </form>
  );
}

function SetupCode({ setup }: { setup: TfaSetup }) {
  return (
    <>
      <p>Scan this code with your authenticator app (or type the key below into it), then enter the code it shows.</p>
      <img className={styles.qr} src={setup.qr_code} alt="QR code to add your account to an authenticator app" width={200} height={200} />
      <p>
        Key: <span className={styles.secret}>{setup.secret}</span>
      </p>
    </>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className={styles.section}>
      <p role="status" className={styles.done}>
        Two-factor login is on.
      </p>
      <h2 className={styles.sectionTitle}>Your recovery codes</h2>
      <p>
        Keep them somewhere safe. Each one logs you in once if you lose your phone. They are shown only now.
      </p>
      <ul className={styles.codes} aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="primary" size="large" className={styles.button} onClick={onDone}>
        I have saved them
      </Button>
    </div>
  );
}

function DisableForm() {
  const disable = useTfaDisable();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const error = disable.error instanceof ApiError ? disable.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    disable.mutate({ password, code });
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <h2 className={styles.sectionTitle}>Turn two-factor login off</h2>
      {error && !error.items.some((item) => item.field) && (
        <p role="alert" className={styles.alert}>
          {error.message}
        </p>
      )}
      <Field label="Your password" name="password" type="password" autoComplete="current-password" value={password}
        onChange={(e) => setPassword(e.target.value)} error={error?.forField('password')} required />
      <Field label="A code from your app, or a recovery code" name="code" autoComplete="one-time-code" value={code}
        onChange={(e) => setCode(e.target.value)} error={error?.forField('code')} required />
      <Button variant="primary" size="large" className={styles.button} type="submit" disabled={disable.isPending}>
        {disable.isPending ? 'Turning off…' : 'Turn off two-factor login'}
      </Button>
    </form>
  );
}
