import type { ApiError } from '../api/client';
import styles from './auth.module.css';
import { Field } from '../ui/Field';

interface LoginFieldsProps {
  error: ApiError | null;
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
  /** The two-factor code, once the server asked for it (error code 4011). */
  tfaCode?: string;
  onTfaCode?: (value: string) => void;
}

/** The server's answer to a right password of an account with two-factor login on (account/tfa.ts). */
export const TFA_REQUIRED = 4011;
export const asksForTfaCode = (error: ApiError | null) => Boolean(error?.items.some((item) => item.code === TFA_REQUIRED));

/** Email and password, with the login's error: the error of a field under it, any other above. */
export function LoginFields({ error, email, password, onEmail, onPassword, tfaCode = '', onTfaCode }: LoginFieldsProps) {
  const askCode = onTfaCode && (asksForTfaCode(error) || tfaCode !== '');
  return (
    <>
      {error && !error.items.some((item) => item.field) && (
        <p role="alert" className={styles.error}>
          {error.message}
        </p>
      )}
      <Field label="Email" name="email" type="email" autoComplete="email" value={email}
        onChange={(e) => onEmail(e.target.value)} error={error?.forField('email')} required />
      <Field label="Password" name="password" type="password" autoComplete="current-password" value={password}
        onChange={(e) => onPassword(e.target.value)} error={error?.forField('password')} required />
      {askCode && (
        <Field label="Two-factor code" name="tfa_code" inputMode="numeric" autoComplete="one-time-code" value={tfaCode}
          onChange={(e) => onTfaCode(e.target.value)} error={error?.forField('tfa_code')}
          hint="The 6-digit code from your authenticator app, or one of your recovery codes." required autoFocus />
      )}
    </>
  );
}
