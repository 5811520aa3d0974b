import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { PostType } from '../../shared/constants';
import { useSiteInfo } from '../api/site';
import { useUserInfo } from '../api/user';
import { DrawerHost } from '../blog-viewer/DrawerHost';
import { useComposeShortcut } from '../compose/use-compose-shortcut';
import { Header } from '../header/Header';
import { basePathOf, newPostPath } from '../posts/form-route';
import { SaveNoticeHost } from '../posts/SaveNoticeHost';
import { DialogHost } from '../ui/dialogs';
import { ReaderSafeMode, safeModeReader } from '../ui/safe-mode';
import { ToastHost } from '../ui/toast';
import { TooltipLayer } from '../ui/Tooltip';
import { applyPalette } from '../ui/palette';

// The post type picker opens for a logged-in person only: its code loads once someone is.
const FastCompose = lazy(() => import('../compose/FastCompose').then((module) => ({ default: module.FastCompose })));
// Messaging (poller, stream, windows) is for a logged-in person only: its code loads once someone is.
const MessagingRoot = lazy(() => import('../messaging/MessagingRoot').then((module) => ({ default: module.MessagingRoot })));

export function Layout() {
  const { data: info } = useUserInfo();
  // The person's palette, wherever they chose it (another browser too).
  const palette = info?.user.palette;
  useEffect(() => {
    if (palette) applyPalette(palette);
  }, [palette]);
  // Once loaded it stays: at logout it is what clears the person's saved windows.
  const [messagingLoaded, setMessagingLoaded] = useState(false);
  if (info && !messagingLoaded) setMessagingLoaded(true);
  // A logged-out visitor honours the site flag safe_mode too (spec 2 §6): the page reads it here.
  const site = useSiteInfo(info === null);
  const reader = useMemo(() => safeModeReader(info?.user ?? null, site.data?.features.safe_mode), [info?.user, site.data?.features.safe_mode]);
  const navigate = useNavigate();
  const location = useLocation();
  const [composeOpen, setComposeOpen] = useState(false);
  const toggleCompose = useCallback(() => setComposeOpen((open) => !open), []);
  const closeCompose = useCallback(() => setComposeOpen(false), []);
  useComposeShortcut(Boolean(info), toggleCompose);

  const pick = (type: PostType) => {
    setComposeOpen(false);
    // The form's address replaces the page's: closing it returns there, not one step back.
    const base = basePathOf(location.pathname);
    navigate(newPostPath(base, type), { replace: true, state: { base } });
  };

  return (
    <ReaderSafeMode.Provider value={reader}>
      <a className="visually-hidden" href="#main">
        Skip to content
      </a>
      <Header composeOpen={composeOpen} onToggleCompose={toggleCompose} />
      <main id="main">
        <Outlet />
      </main>
      {info && (
        <Suspense fallback={null}>
          <FastCompose open={composeOpen} onClose={closeCompose} onPick={pick} />
        </Suspense>
      )}
      {messagingLoaded && (
        <Suspense fallback={null}>
          <MessagingRoot info={info} />
        </Suspense>
      )}
      <SaveNoticeHost />
      <DrawerHost />
      <DialogHost />
      <ToastHost />
      <TooltipLayer />
    </ReaderSafeMode.Provider>
  );
}
