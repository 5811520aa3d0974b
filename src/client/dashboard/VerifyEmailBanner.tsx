import { useResendVerification } from '../api/user';
import styles from './DashboardPage.module.css';

export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className={styles.banner} role="region" aria-label="Email verification">
      <p>
        Check your inbox: we sent a link to <strong>{email}</strong> to verify your address.
      </p>
      <button type="button" onClick={() => resend.mutate()} disabled={resend.isPending || resend.isSuccess}>
        {resend.isPending ? 'Sending…' : resend.isSuccess ? 'Sent' : 'Send it again'}
      </button>
      {(resend.isError || resend.isSuccess) && (
        <p role="status" className={styles.status}>
          {resend.isError ? resend.error.message : 'A new verification email is on its way.'}
        </p>
      )}
    </div>
  );
}
