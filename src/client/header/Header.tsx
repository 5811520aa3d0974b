import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { hasSignedInHint, useUserInfo } from '../api/user';
import { useFormOpen } from '../posts/form-open-store';
import { DesktopSearch } from './DesktopSearch';
import styles from './Header.module.css';
import { useHeaderChrome } from '../page/header-chrome';
import { Logo } from './Logo';
import { useHideOnScroll } from './use-hide-on-scroll';
import { MobileDrawer } from './MobileDrawer';
import mobile from './MobileHeader.module.css';
import { MobileSearch } from './MobileSearch';
import { useStickyHeader } from './use-sticky-header';

// The logged-in tabs' code: asked for as this module loads when the browser holds the session hint,
// so it arrives alongside the user info rather than after it; a logged-out visitor never loads it.
let signedInTabs: Promise<typeof import('./SignedInTabs')> | null = null;
const loadSignedInTabs = () => (signedInTabs ??= import('./SignedInTabs'));
if (hasSignedInHint()) void loadSignedInTabs();
const SignedInTabs = lazy(() => loadSignedInTabs().then((module) => ({ default: module.SignedInTabs })));

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
            <Suspense fallback={null}>
              <SignedInTabs info={info} composeOpen={composeOpen} onToggleCompose={onToggleCompose} />
            </Suspense>
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
