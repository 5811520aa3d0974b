import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { inAppHref } from '../../shared/routes';
import { SETTINGS_SUBNAV } from '../../shared/mobile-header';
import type { PhotoView, PostView } from '../../shared/posts/types';
import type { UserInfoResponse } from '../../shared/types';
import { usePostPages } from '../api/posts';
import { useSiteInfo } from '../api/site';
import { explorePage } from '../api/tags';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './MobileHeader.module.css';

interface DrawerProps {
  info: UserInfoResponse | null;
  open: boolean;
  onClose: () => void;
}

/** The newest popular public photo post of the instance: the logged-out drawer's splash. */
function useSplash(enabled: boolean): { image: string; post: PostView } | null {
  const { data } = usePostPages('explore', 'before', explorePage);
  if (!enabled || !data) return null;
  for (const post of data.pages.flatMap((p) => p.posts)) {
    const photos = (post.content as { photos?: PhotoView[] }).photos;
    const image = post.type === 'photo' ? photos?.[0]?.url : undefined;
    if (image) return { image, post };
  }
  return null;
}

function LoggedOut({ onClose }: { onClose: () => void }) {
  const splash = useSplash(true);
  // 'Get the app' only when the server names one (APP_URL; spec 2 §2 has_app, app_url).
  const { data: site } = useSiteInfo(true);
  const appUrl = site?.has_app ? site.app_url : null;
  return (
    <div className={styles.splash} style={splash ? { backgroundImage: `url(${JSON.stringify(splash.image)})` } : undefined}>
      <ul className={styles.links}>
        <li>
          <Link to="/login" onClick={onClose} className={styles.primaryLink}>
            Log in
          </Link>
        </li>
        <li>
          <Link to="/register" onClick={onClose} className={styles.primaryLink}>
            Get started
          </Link>
        </li>
        {appUrl && (
          <li>
            <a href={appUrl} target="_blank" rel="noopener noreferrer" className={styles.appLink} onClick={onClose}>
              Get the app
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
      {splash && (
        <p className={styles.credit}>
          <a href={inAppHref(splash.post.post_url)} onClick={onClose}>
            Posted by {splash.post.blog.name}
          </a>
        </p>
      )}
    </div>
  );
}

function LoggedIn({ info, onClose }: { info: UserInfoResponse; onClose: () => void }) {
  const { pathname } = useLocation();
  const inSettings = pathname === '/settings' || pathname.startsWith('/settings/') || pathname === '/help';
  const item = (to: string, label: string) => (
    <li>
      <NavLink to={to} onClick={onClose} className={styles.link} end>
        {label}
      </NavLink>
    </li>
  );
  return (
    <nav aria-label="Menu">
      <ul className={styles.links}>
        {item('/dashboard', 'Dashboard')}
        {item('/likes', 'Likes')}
        {item('/following', 'Following')}
        {item('/explore', 'Explore')}
        {item('/settings', 'Settings')}
        {inSettings && (
          <li>
            <ul className={styles.subnav} aria-label="Settings">
              {SETTINGS_SUBNAV.map(({ href, label, newTab }) => (
                <li key={href}>
                  {newTab ? (
                    <a href={href} target="_blank" rel="noopener" className={styles.link} aria-current={pathname === href ? 'page' : undefined}>
                      {label}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <NavLink to={href} onClick={onClose} className={styles.link}>
                      {label}
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </li>
        )}
        {item('/new/text', 'Create a post')}
      </ul>
      <h2 className={styles.blogsTitle}>Blogs</h2>
      <ul className={styles.links} aria-label="Your blogs">
        {info.user.channels.map((blog) => (
          <li key={blog.name}>
            <a href={inAppHref(blog.url)} onClick={onClose} className={styles.blogLink}>
              <Avatar blog={blog} size={30} pixelated={shouldPixelate(blog, info.user)} />
              <span>{blog.name}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The mobile header's drawer (spec 2 §2): a modal panel from the left, closed by Escape or the backdrop. */
export function MobileDrawer({ info, open, onClose }: DrawerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      id="mobile-drawer"
      className={styles.drawer}
      aria-label="Menu"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.panel}>
        <button type="button" className={styles.close} onClick={onClose}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close the menu</span>
        </button>
        {open && (info ? <LoggedIn info={info} onClose={onClose} /> : <LoggedOut onClose={onClose} />)}
      </div>
    </dialog>
  );
}
