import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBlogData } from '../api/blogs';
import { ApiError } from '../api/client';
import { useFollow } from '../api/follows';
import { useLogin, useUserInfo } from '../api/user';
import auth from '../account/auth.module.css';
import { LoginFields } from '../account/LoginFields';
import { LoadFailed, PageMessage } from '../page/PageMessage';
import { safeNext } from '../page/safe-next';
import { BlogCard } from '../blogs/card/BlogCard';
import { SubscribeToggle } from '../blogs/FollowButton';
import styles from './FollowPage.module.css';
import { followPath } from '../blogs/follow-texts';
import { usePageTitle } from '../page/use-page-title';

/** Where the visitor came from: the card passes it in the history state, links may pass ?next=. */
function useReturnPath() {
  const location = useLocation();
  const [params] = useSearchParams();
  const from = (location.state as { from?: unknown } | null)?.from;
  return safeNext(typeof from === 'string' ? from : params.get('next'));
}

/** Logged out: the login form, which says what happens after (spec 1 §2 /follow/{blogName}). */
function LoginToFollow({ name, onLoggedIn }: { name: string; onLoggedIn: () => void }) {
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [tfaCode, setTfaCode] = useState('');
  const error = login.error instanceof ApiError ? login.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Called before the user info lands, so the page knows the follow comes from this login.
    onLoggedIn();
    login.mutate({ email, password, ...(tfaCode.trim() ? { tfa_code: tfaCode } : {}) });
  };
  return (
    <div className={auth.wrap}>
      <form className={auth.card} onSubmit={submit} noValidate aria-labelledby="follow-login-title">
        <h1 id="follow-login-title" className={auth.title}>
          Log in to follow {name}
        </h1>
        <p className={auth.notice}>Once you are logged in, you will follow {name}.</p>
        <LoginFields error={error} email={email} password={password} onEmail={setEmail} onPassword={setPassword}
          tfaCode={tfaCode} onTfaCode={setTfaCode} />
        <button className={auth.submit} type="submit" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in and follow'}
        </button>
      </form>
      <p className={auth.switch}>
        New here? <Link to={`/register?next=${encodeURIComponent(followPath(name))}`}>Sign up</Link>
      </p>
    </div>
  );
}

/** Logged in: follows at once, then shows the blog (or goes back, after a login here). */
function FollowNow({ name, returnTo, goBack }: { name: string; returnTo: string; goBack: boolean }) {
  const { data: info } = useUserInfo();
  const blog = useBlogData(name);
  const follow = useFollow(name, { source: 'follow_page' });
  const navigate = useNavigate();
  const own = info?.user.channels.some((channel) => channel.name === name) ?? false;
  const started = useRef(false);

  const run = () => {
    started.current = true;
    follow
      .mutateAsync(true)
      .then(() => {
        if (goBack) navigate(returnTo, { replace: true });
      })
      .catch(() => {});
  };
  useEffect(() => {
    if (!started.current && !own && !blog.isError) run();
    // Once, on arrival: a second visit to the page is a second arrival.
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const back = returnTo === '/dashboard' ? 'Go to your dashboard' : 'Go back';
  let status;
  if (own) status = <p className={styles.status}>{name} is one of your own blogs.</p>;
  else if (follow.isError) {
    status = (
      <p role="alert" className={styles.error}>
        {follow.error.message}{' '}
        <button type="button" onClick={run}>
          Try again
        </button>
      </p>
    );
  } else if (blog.data?.following || follow.isSuccess) {
    // The follow answered: a blog data read that crossed it may still say otherwise until it is read again.
    status = <p className={styles.status} role="status">You follow {name}</p>;
  } else status = <p className={styles.status} role="status" aria-busy="true">Following {name}…</p>;

  if (blog.isError) return <PageMessage>{blog.error.message}</PageMessage>;
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <BlogCard blog={blog.data ?? { name }} posts={null} actions={blog.data?.following ? <SubscribeToggle blog={blog.data} /> : undefined} />
      </div>
      {status}
      <Link className={styles.back} to={returnTo}>
        {back}
      </Link>
    </div>
  );
}

/** /follow/{blogName}: where a logged-out Follow leads, and the Follow link of notifications. */
export function FollowPage() {
  const { name = '' } = useParams();
  usePageTitle(`Follow ${name}`);
  const { data: info, isPending, error, refetch } = useUserInfo();
  const returnTo = useReturnPath();
  // Set when the visitor logs in on this page: after the follow, they go back where they were.
  const [loggedInHere, setLoggedInHere] = useState(false);
  if (isPending) return <PageMessage busy>Loading…</PageMessage>;
  if (error) return <LoadFailed error={error} onRetry={refetch} />;
  if (!info) return <LoginToFollow name={name} onLoggedIn={() => setLoggedInHere(true)} />;
  return <FollowNow key={name} name={name} returnTo={returnTo} goBack={loggedInHere} />;
}
