import { useCallback, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import type { PostType } from '../../shared/constants';
import { useSiteInfo } from '../api/site';
import { useUserInfo } from '../api/user';
import { DrawerHost } from '../blog-viewer/DrawerHost';
import { FastCompose } from '../compose/FastCompose';
import { useComposeShortcut } from '../compose/use-compose-shortcut';
import { Header } from '../header/Header';
import { MessagingRoot } from '../messaging/MessagingRoot';
import { basePathOf, newPostPath } from '../posts/form-route';
import { SaveNoticeHost } from '../posts/SaveNoticeHost';
import { DialogHost } from '../ui/dialogs';
import { ReaderSafeMode, safeModeReader } from '../ui/safe-mode';
import { ToastHost } from '../ui/toast';
import { TooltipLayer } from '../ui/Tooltip';
import { applyPalette } from '../ui/palette';

export function Layout() {
  const { data: info } = useUserInfo();
  // The person's palette, wherever they chose it (another browser too).
  const palette = info?.user.palette;
  useEffect(() => {
    if (palette) applyPalette(palette);
  }, [palette]);
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
      {info && <FastCompose open={composeOpen} onClose={closeCompose} onPick={pick} />}
      <MessagingRoot info={info} />
      <SaveNoticeHost />
      <DrawerHost />
      <DialogHost />
      <ToastHost />
      <TooltipLayer />
    </ReaderSafeMode.Provider>
  );
}
