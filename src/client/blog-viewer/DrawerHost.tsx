import { lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DRAWER_LINKS } from '../../shared/blog-viewer/constants';
import { useFeatures } from '../api/features';
import { LazyPanel } from '../ui/LazyPanel';
import { drawerRequestFromClick, drawerRequestFromSearch } from '../ui/drawer-link';
import { onDrawerClosed, openDrawer, useDrawerState } from '../ui/drawer-store';

// The drawer's code loads with the first opening: most visits never open one.
const BlogDrawer = lazy(() => import('./BlogDrawer').then((module) => ({ default: module.BlogDrawer })));

/**
 * The page's one blog viewer drawer (spec 2 §2): one delegated click handler opens it from any
 * element marked for it (a plain click; ctrl or meta click is left to the browser), the address's
 * `?blog_name=&post_id=` opens it on load, and closing it goes to /dashboard. With the flag
 * indash_blogs off (issue 26) a click is the link's own: the blog page.
 */
export function DrawerHost() {
  const state = useDrawerState();
  const navigate = useNavigate();
  const location = useLocation();
  const indash = useFeatures().indash_blogs !== false;

  useEffect(() => {
    if (!indash) return;
    const onClick = (event: MouseEvent) => {
      const request = drawerRequestFromClick(event);
      if (request && openDrawer(request)) event.preventDefault();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [indash]);

  useEffect(() => {
    onDrawerClosed(() => navigate(DRAWER_LINKS.closeTo));
    return () => onDrawerClosed(null);
  }, [navigate]);

  // Once, for the address the page was loaded with.
  const [initialSearch] = useState(() => location.search);
  useEffect(() => {
    const request = drawerRequestFromSearch(initialSearch);
    if (request) openDrawer(request);
  }, [initialSearch]);

  if (state.phase === 'closed' || !state.request) return null;
  return (
    <LazyPanel name="BlogDrawer" fallback={null}>
      <BlogDrawer
        key={state.openCount}
        request={state.request}
        openCount={state.openCount}
        entering={state.phase === 'open'}
        glass={state.glass}
      />
    </LazyPanel>
  );
}
