import { Link } from 'react-router';
import { ActivityMenu } from '../activity/ActivityMenu';
import { useUserInfo } from '../api/user';
import { InboxButton } from '../messaging/InboxButton';
import { useFormOpen } from '../posts/form-open-store';
import { AccountMenu } from './AccountMenu';
import { BlogSelector } from './BlogSelector';
import styles from './Header.module.css';
import { Logo } from './Logo';
import { useHideOnScroll } from './use-hide-on-scroll';

interface HeaderProps {
  composeOpen: boolean;
  onToggleCompose: () => void;
}

export function Header({ composeOpen, onToggleCompose }: HeaderProps) {
  const { data: info, isPending } = useUserInfo();
  const formOpen = useFormOpen();
  // The header hides while the page scrolls down, and while a post form is open (spec 1 §4).
  const hidden = useHideOnScroll() || formOpen;
  return (
    <header className={`${styles.header} ${hidden ? styles.hidden : ''}`} data-hidden={hidden || undefined}>
      <div className={styles.inner}>
        <Logo />
        <nav className={styles.tabs} aria-label="Account">
          {isPending ? null : info ? (
            <>
              <BlogSelector info={info} />
              <InboxButton info={info} />
              <ActivityMenu info={info} />
              <AccountMenu info={info} />
              <button
                type="button"
                className={styles.compose}
                onClick={onToggleCompose}
                aria-expanded={composeOpen}
                aria-haspopup="dialog"
                data-tooltip="Make a post"
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path fill="currentColor" d="M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zm17.71-10.21a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z" />
                </svg>
                <span className="visually-hidden">Compose a post</span>
              </button>
            </>
          ) : (
            <>
              <Link className={styles.textLink} to="/login">
                Log in
              </Link>
              <Link className={`${styles.textLink} ${styles.signUp}`} to="/register">
                Sign up
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}
