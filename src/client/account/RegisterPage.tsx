import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { blogNameProblem } from '../../shared/blog-name';
import { LIMITS } from '../../shared/constants';
import { ApiError } from '../api/client';
import { useRegister, useUserInfo } from '../api/user';
import styles from './auth.module.css';
import { Field } from '../ui/Field';
import { usePageTitle } from '../page/use-page-title';
import { useTransparentHeader, useUnstuckHeader } from '../page/header-chrome';
import { Button } from '../ui/Button';

export function RegisterPage() {
  usePageTitle('Sign up');
  // A front door for visitors: the bar is transparent over the top of the page.
  useTransparentHeader();
  useUnstuckHeader();
  const { data: info } = useUserInfo();
  const register = useRegister();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [blogName, setBlogName] = useState('');

  if (info && !register.isSuccess) return <Navigate to="/dashboard" replace />;
  const error = register.error instanceof ApiError ? register.error : null;
  const nameProblem = blogName ? blogNameProblem(blogName) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { email, password, blog_name: blogName },
      // A short, skippable welcome (title, avatar, interests) before the dashboard.
      { onSuccess: () => navigate('/welcome', { replace: true }) },
    );
  };
  return (
    <div className={styles.wrap}>
      <form className={styles.card} onSubmit={submit} noValidate>
        <h1 className={styles.title}>Sign up</h1>
        {error && !error.items.some((i) => i.field) && (
          <p role="alert" className={styles.error}>
            {error.message}
          </p>
        )}
        <Field label="Email" name="email" type="email" autoComplete="email" value={email}
          onChange={(e) => setEmail(e.target.value)} error={error?.forField('email')} required />
        <Field label="Password" name="password" type="password" autoComplete="new-password" value={password}
          onChange={(e) => setPassword(e.target.value)} error={error?.forField('password')}
          hint={`At least ${LIMITS.password_min_length} characters.`} required />
        <Field label="Blog name" name="blog_name" autoComplete="off" value={blogName}
          onChange={(e) => setBlogName(e.target.value.toLowerCase())}
          error={nameProblem ?? error?.forField('blog_name')}
          hint="Letters a-z, numbers and hyphens. This is your blog's address." maxLength={LIMITS.blog_name_max_length} required />
        <Button variant="primary" size="large" type="submit" disabled={register.isPending}>
          {register.isPending ? 'Signing up…' : 'Sign up'}
        </Button>
      </form>
      <p className={styles.switch}>
        Have an account? <Link to="/login">Log in</Link>
      </p>
    </div>
  );
}
