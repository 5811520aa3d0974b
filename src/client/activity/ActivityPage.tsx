import { Link, useParams } from 'react-router';
import type { UserInfoResponse } from '../../shared/types';
import { useActivityPages, useActivitySparkline } from '../api/activity';
import { ApiError } from '../api/client';
import page from '../page/page.module.css';
import { RequireUser } from '../page/RequireUser';
import styles from './Activity.module.css';
import { NotificationList } from './NotificationList';
import { Sparkline } from './Sparkline';
import { useMarkSeenWhenShown, useWoopsOnError } from './use-activity-effects';
import { usePageTitle } from '../page/use-page-title';
import { useHeaderTitle } from '../page/header-chrome';

/** /blog/{blogName}/activity: every notification of one of the user's blogs, a page at a time. */
function BlogActivity({ name, info }: { name: string; info: UserInfoResponse }) {
  const pages = useActivityPages(name);
  const sparkline = useActivitySparkline(name);
  const notifications = pages.data?.pages.flatMap((p) => p.notifications);
  // Another person's blog or no blog at all: the server's words say which, no alert needed.
  const refused = pages.error instanceof ApiError && (pages.error.status === 403 || pages.error.status === 404);
  useWoopsOnError(refused ? null : pages.error);
  useMarkSeenWhenShown(name, pages.data?.pages[0]?.notifications);

  return (
    <div className={page.column}>
      <div className={`${page.card} ${styles.pageHeader}`}>
        <div>
          <h1 className={page.title}>Activity</h1>
          <p className={page.muted}>
            {name} · <Link to={`/blog/${encodeURIComponent(name)}/insights`}>Insights</Link>
          </p>
        </div>
        {sparkline.data && <Sparkline data={sparkline.data} blog={name} />}
      </div>
      <div className={`${page.card} ${styles.pageList}`}>
        {pages.isPending ? (
          <p className={styles.status} role="status">
            Loading…
          </p>
        ) : refused ? (
          <p className={styles.status}>
            {pages.error?.message} <Link to="/dashboard">Go to your dashboard</Link>.
          </p>
        ) : pages.isError && !notifications ? (
          <p className={styles.status}>
            Activity could not be loaded.{' '}
            <button type="button" className={styles.retry} onClick={() => void pages.refetch()}>
              Try again
            </button>
          </p>
        ) : notifications && notifications.length > 0 ? (
          <>
            <NotificationList notifications={notifications} viewer={info.user} />
            {pages.hasNextPage && (
              <button
                type="button"
                className={styles.more}
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            )}
          </>
        ) : (
          <p className={styles.status}>No activity yet. Likes, reblogs, replies and new followers of {name} show up here.</p>
        )}
      </div>
    </div>
  );
}

export function ActivityPage() {
  const { name = '' } = useParams();
  usePageTitle(`Activity · ${name}`);
  useHeaderTitle('Activity');
  return <RequireUser>{(info) => <BlogActivity key={name} name={name} info={info} />}</RequireUser>;
}
