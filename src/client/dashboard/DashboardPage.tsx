import { useRef, useState } from 'react';
import type { UserInfoResponse } from '../../shared/types';
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
import { GettingStarted } from '../explore/Suggestions';
import { usePageTitle } from '../page/use-page-title';
import { ShortcutsSheet } from './ShortcutsSheet';
import { useDashboardKeys } from './use-dashboard-keys';

/**
 * The dashboard's posts. An account that follows nobody when the page opens gets the getting-started
 * card (blogs and tags to follow, Explore) in place of the empty state, or after its own posts when
 * it has some (above them it would push the newest post out of view), and keeps it while the page is
 * open: following the first suggested blog fills the dashboard, and the card stays for the second.
 */
function DashboardFeed({ info, blogName }: { info: UserInfoResponse; blogName: string | null }) {
  const [gettingStarted] = useState(() => info.user.friend_count === 0);
  const card = (belowPosts: boolean) => (
    <div className={page.withAvatar}>
      <span />
      <GettingStarted blogName={blogName} belowPosts={belowPosts} />
    </div>
  );
  return (
    <Feed
      root={postRoots.dashboard}
      direction="before"
      viewer={info.user}
      label="Dashboard"
      afterEnd={gettingStarted ? card(true) : undefined}
      empty={
        gettingStarted ? (
          card(false)
        ) : (
          <section className={page.withAvatar} aria-label="Dashboard">
            <span />
            <div className={page.card}>
              <h1 className={page.title}>Your dashboard is quiet</h1>
              <p className={page.muted}>
                Follow some blogs and their posts will show up here, newest first, along with your own
                {blogName ? ` from ${blogName}` : ''}. You follow {info.user.friend_count} blog
                {info.user.friend_count === 1 ? '' : 's'} so far. <Link to="/explore">Explore</Link> finds more.
              </p>
            </div>
          </section>
        )
      }
    />
  );
}

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
            <DashboardFeed info={info} blogName={blog?.name ?? null} />
          </div>
        );
      }}
    </RequireUser>
  );
}
