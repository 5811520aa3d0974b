import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { POST_TYPES } from '../../shared/constants';
import { postRoots } from '../api/posts';
import { currentChannel } from '../api/user';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import { POST_TYPE_REGISTRY } from '../post/post-types';
import { Feed } from '../post/Feed';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './DashboardPage.module.css';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import { usePageTitle } from '../page/use-page-title';
import { ShortcutsSheet } from './ShortcutsSheet';
import { useDashboardKeys } from './use-dashboard-keys';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const columnRef = useRef<HTMLDivElement>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  useDashboardKeys(columnRef, () => setSheetOpen(true));
  return (
    <RequireUser>
      {(info) => {
        const blog = currentChannel(info);
        return (
          <div className={page.column} ref={columnRef}>
            <ShortcutsSheet open={sheetOpen} onClose={() => setSheetOpen(false)} />
            {!info.user.is_verified_email && <VerifyEmailBanner email={info.user.email} />}
            <div className={page.withAvatar}>
              {blog ? <Avatar blog={blog} size={64} pixelated={shouldPixelate(blog, info.user)} /> : <span />}
              <nav className={`${page.card} ${styles.composer}`} aria-label="Make a post">
                {POST_TYPES.map((type) => (
                  <Link key={type} to={`/new/${type}`} replace className={styles.type}>
                    <span style={{ color: type === 'text' ? 'var(--text)' : POST_TYPE_REGISTRY[type].color }}>
                      {POST_TYPE_REGISTRY[type].icon(30)}
                    </span>
                    {POST_TYPE_REGISTRY[type].label}
                  </Link>
                ))}
              </nav>
            </div>
            <Feed
              root={postRoots.dashboard}
              direction="before"
              viewer={info.user}
              label="Dashboard"
              empty={
                <section className={page.withAvatar} aria-label="Dashboard">
                  <span />
                  <div className={page.card}>
                    <h1 className={page.title}>Your dashboard is quiet</h1>
                    <p className={page.muted}>
                      Follow some blogs and their posts will show up here, newest first, along with your own
                      {blog ? ` from ${blog.name}` : ''}. You follow {info.user.friend_count} blog
                      {info.user.friend_count === 1 ? '' : 's'} so far.
                    </p>
                  </div>
                </section>
              }
            />
          </div>
        );
      }}
    </RequireUser>
  );
}
