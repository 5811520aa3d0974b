import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { RESET_LINK_MINUTES } from '../../shared/password-reset';
import { ApiError } from '../api/client';
import { useRequestPasswordReset } from '../api/password-reset';
import { useTransparentHeader, useUnstuckHeader } from '../page/header-chrome';
import { usePageTitle } from '../page/use-page-title';
import styles from './auth.module.css';
import { Field } from '../ui/Field';
import { Button } from '../ui/Button';

/** /forgot-password: asks for the email address and sends the link that sets a new password. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot your password?');
  useTransparentHeader();
  useUnstuckHeader();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const sentRef = useRef<HTMLHeadingElement>(null);
  // The form is replaced by the word that the link is on its way: focus follows, so it is read out.
  useEffect(() => {
    if (request.isSuccess) sentRef.current?.focus();
  }, [request.isSuccess]);

  const emailError = request.error instanceof ApiError ? request.error.forField('email') : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  if (request.isSuccess) {
    return (
      <div className={styles.wrap}>
        <div className={styles.card}>
          <h1 className={styles.title} ref={sentRef} tabIndex={-1}>
            Check your email
          </h1>
          <p className={styles.text}>
            If an account uses <strong>{request.variables}</strong>, we have sent it a link to choose a new password. The link
            works once, for {RESET_LINK_MINUTES} minutes.
          </p>
          <p className={styles.text}>Nothing there after a few minutes? Look in your spam folder, or check the address and ask again.</p>
          <Button variant="secondary" className={styles.secondary} onClick={() => request.reset()}>
            Ask again
          </Button>
        </div>
        <p className={styles.switch}>
          Remembered it? <Link to="/login">Log in</Link>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <h1 className={styles.title}>Forgot your password?</h1>
        <p className={styles.text}>Enter the email address of your account, and we will email you a link to choose a new password.</p>
        {request.error && !emailError && (
          <p role="alert" className={styles.error}>
            {request.error.message}
          </p>
        )}
        <Field label="Email" name="email" type="email" autoComplete="email" value={email}
          onChange={(e) => setEmail(e.target.value)} error={emailError} required autoFocus />
        <Button variant="primary" size="large" type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending…' : 'Send me the link'}
        </Button>
      </form>
      <p className={styles.switch}>
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </div>
  );
}
