import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useConfirmVerification, useUserInfo } from '../api/user';
import { PageMessage } from '../page/PageMessage';
import { usePageTitle } from '../page/use-page-title';
import styles from './auth.module.css';
import { Button } from '../ui/Button';

/**
 * /verify-email#token: where a verification link opened while logged in to another account
 * lands. Switching accounts because a link was opened is what a login CSRF wants (someone's
 * own link, sent to make this browser theirs), so the person is asked first.
 */
export function VerifyEmailPage() {
  usePageTitle('Verify your email');
  const { hash } = useLocation();
  const token = hash.slice(1);
  const { data: info, isPending } = useUserInfo();
  const confirm = useConfirmVerification();
  const navigate = useNavigate();

  if (isPending) return <PageMessage busy>Loading…</PageMessage>;
  if (!token) return <Navigate to="/dashboard" replace />;
  // Logged out since: nothing to choose between, the link itself does the rest.
  if (!info) {
    return (
      <PageMessage>
        <a href={`/svc/account/verify/${encodeURIComponent(token)}`}>Verify the email address</a>
      </PageMessage>
    );
  }
  return (
    <div className={styles.wrap}>
      <div className={styles.card} role="group" aria-labelledby="verify-switch-title">
        <h1 id="verify-switch-title" className={styles.title}>
          Switch accounts?
        </h1>
        <p>
          This link verifies the email address of another account. You are logged in as <strong>{info.user.email}</strong>.
        </p>
        <p>If the link was sent to you, verify it: you will be logged out, and logged in to the account it belongs to.</p>
        {confirm.error && (
          <p className={styles.error} role="alert">
            {confirm.error.message}
          </p>
        )}
        <Button
          variant="primary" size="large"
         
          disabled={confirm.isPending}
          onClick={() => confirm.mutate(token, { onSuccess: () => navigate('/dashboard', { replace: true }) })}
        >
          {confirm.isPending ? 'Switching…' : 'Verify and switch accounts'}
        </Button>
        <Link to="/dashboard">Stay logged in as {info.user.email}</Link>
      </div>
    </div>
  );
}
