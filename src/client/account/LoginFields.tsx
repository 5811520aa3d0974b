import type { ApiError } from '../api/client';
import styles from './auth.module.css';
import { Field } from './Field';

interface LoginFieldsProps {
  error: ApiError | null;
  email: string;
  password: string;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
}

/** Email and password, with the login's error: the error of a field under it, any other above. */
export function LoginFields({ error, email, password, onEmail, onPassword }: LoginFieldsProps) {
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
    </>
  );
}
