import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import { useLogin, useUserInfo } from '../api/user';
import { safeNext } from '../page/safe-next';
import styles from './auth.module.css';
import { LoginFields } from './LoginFields';
import { usePageTitle } from '../page/use-page-title';
import { useTransparentHeader, useUnstuckHeader } from '../page/header-chrome';
import { Button } from '../ui/Button';

export function LoginPage() {
  usePageTitle('Log in');
  // A front door for visitors: the bar is transparent over the top of the page.
  useTransparentHeader();
  useUnstuckHeader();
  const [params] = useSearchParams();
  const { data: info } = useUserInfo();
  const login = useLogin();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const next = safeNext(params.get('next'));

  if (info && !login.isSuccess) return <Navigate to={next} replace />;
  const error = login.error instanceof ApiError ? login.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate({ email, password, ...(tfaCode.trim() ? { tfa_code: tfaCode } : {}) }, { onSuccess: () => navigate(next, { replace: true }) });
  };
  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <h1 className={styles.title}>Log in</h1>
        {params.get('reset') === 'done' && (
          <p className={styles.notice} role="status">
            Your password is changed, and every session is logged out. Log in with the new password.
          </p>
        )}
        {params.get('account') === 'deleted' && (
          <p className={styles.notice} role="status">
            Your account is deleted, and you are logged out everywhere. We emailed you to say so.
          </p>
        )}
        {params.get('verify') === 'invalid' && (
          <p className={styles.notice}>
            That verification link is used up or has expired. Log in, then ask for a new one from your dashboard.
          </p>
        )}
        <LoginFields error={error} email={email} password={password} onEmail={setEmail} onPassword={setPassword}
          tfaCode={tfaCode} onTfaCode={setTfaCode} />
        <Link className={styles.forgot} to="/forgot-password">
          Forgot your password?
        </Link>
        <Button variant="primary" size="large" type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </Button>
      </form>
      <p className={styles.switch}>
        New here? <Link to="/register">Sign up</Link>
      </p>
    </div>
  );
}
