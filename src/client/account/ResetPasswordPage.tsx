import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIMITS } from '../../shared/constants';
import { ApiError } from '../api/client';
import { useConfirmPasswordReset } from '../api/password-reset';
import { useTransparentHeader, useUnstuckHeader } from '../page/header-chrome';
import { usePageTitle } from '../page/use-page-title';
import styles from './auth.module.css';
import { Field } from '../ui/Field';
import { Button } from '../ui/Button';

/** The server's answer to a used-up, replaced or hour-old link (http/errors.ts). */
const INVALID_RESET = 2009;

/**
 * /reset-password#token: where the emailed link opens. The token rides in the fragment, which no
 * server or log sees; setting the password logs out everywhere, so the person then logs in.
 */
export function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  useTransparentHeader();
  useUnstuckHeader();
  const { hash } = useLocation();
  const token = hash.slice(1);
  const confirm = useConfirmPasswordReset();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');

  const error = confirm.error instanceof ApiError ? confirm.error : null;
  const passwordError = error?.forField('new_password');
  const spent = Boolean(error?.items.some((item) => item.code === INVALID_RESET));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ token, new_password: password }, { onSuccess: () => navigate('/login?reset=done', { replace: true }) });
  };
  if (!token) {
    return (
      <div className={styles.wrap}>
        <div className={styles.card}>
          <h1 className={styles.title}>Choose a new password</h1>
          <p className={styles.text}>
            This page opens from the link in the email we send. <Link to="/forgot-password">Ask for a link</Link>
          </p>
        </div>
      </div>
    );
  }
  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <h1 className={styles.title}>Choose a new password</h1>
        {confirm.error && !passwordError && (
          <p role="alert" className={styles.error}>
            {confirm.error.message}
            {spent && (
              <>
                {' '}
                <Link to="/forgot-password">Ask for a new link</Link>
              </>
            )}
          </p>
        )}
        <Field label="New password" name="new_password" type="password" autoComplete="new-password" value={password}
          onChange={(e) => setPassword(e.target.value)} error={passwordError}
          hint={`At least ${LIMITS.password_min_length} characters. A few unrelated words work well.`} required autoFocus />
        <p className={styles.text}>Setting it logs you out everywhere; then log in with the new password.</p>
        <Button variant="primary" size="large" type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? 'Setting…' : 'Set the new password'}
        </Button>
      </form>
    </div>
  );
}
