import { useState } from 'react';
import { Link } from 'react-router';
import { ActivityMenu } from './ActivityMenu';
import { useUserInfo } from '../api/user';
import { InboxButton } from './InboxButton';
import { mayMessage } from '../messaging/session';
import { useFormOpen } from '../posts/form-open-store';
import { AccountMenu } from './AccountMenu';
import { BlogSelector } from './BlogSelector';
import { DesktopSearch } from './DesktopSearch';
import styles from './Header.module.css';
import { useHeaderChrome } from '../page/header-chrome';
import { Logo } from './Logo';
import { useHideOnScroll } from './use-hide-on-scroll';
import { MobileDrawer } from './MobileDrawer';
import mobile from './MobileHeader.module.css';
import { MobileSearch } from './MobileSearch';
import { useStickyHeader } from './use-sticky-header';

interface HeaderProps {
  composeOpen: boolean;
  onToggleCompose: () => void;
}

export function Header({ composeOpen, onToggleCompose }: HeaderProps) {
  const { data: info, isPending } = useUserInfo();
  const formOpen = useFormOpen();
  // The header hides while the page scrolls down, and while a post form is open (spec 1 §4).
  const hidden = useHideOnScroll() || formOpen;
  // Below 990 px the header is transparent at the top of the page and sticks once scrolled (spec 2 §9);
  // wider, only on a page that asks for the transparent mode (spec 1 §2).
  const stuck = useStickyHeader();
  const { title, transparent, unstuck, ownSearch } = useHeaderChrome();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header
      className={`${styles.header} ${hidden ? styles.hidden : ''} ${stuck ? styles.stuck : styles.unstuck} ${transparent && !stuck ? styles.transparent : ''} ${unstuck ? styles.scrollsAway : ''} ${ownSearch ? styles.ownSearch : ''}`}
      data-hidden={hidden || undefined}
      data-stuck={stuck || undefined}
      data-transparent={(transparent && !stuck) || undefined}
      data-unstuck={unstuck || undefined}
      data-own-search={ownSearch || undefined}
    >
      <div className={styles.inner}>
        <div className={styles.start}>
          <button
            type="button"
            className={mobile.burger}
            aria-expanded={drawerOpen}
            aria-controls="mobile-drawer"
            onClick={() => setDrawerOpen(true)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
            <span className="visually-hidden">Menu</span>
          </button>
          <Logo />
        </div>
        {!ownSearch && <DesktopSearch />}
        {title && <span className={`${mobile.title} ${info ? mobile.withTabs : ''}`} data-page-title>{title}</span>}
        <nav className={styles.tabs} aria-label="Account">
          <Link className={`${styles.tab} ${styles.explore}`} to="/explore" data-tooltip="Explore">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path fill="currentColor" d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 18a8 8 0 1 1 0-16 8 8 0 0 1 0 16zm-5.5-2.5 7.5-3.5 3.5-7.5-7.5 3.5zm5.5-6.6a1.1 1.1 0 1 1 0 2.2 1.1 1.1 0 0 1 0-2.2z" />
            </svg>
            <span className="visually-hidden">Explore</span>
          </Link>
          {isPending ? null : info ? (
            <>
              <BlogSelector info={info} />
              {mayMessage(info.user) && <InboxButton info={info} />}
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
      {!isPending && !ownSearch && <MobileSearch info={info ?? null} />}
      {!isPending && <MobileDrawer info={info ?? null} open={drawerOpen} onClose={() => setDrawerOpen(false)} />}
    </header>
  );
}
