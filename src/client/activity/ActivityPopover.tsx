import { useState } from 'react';
import { Link } from 'react-router';
import type { UserInfoResponse } from '../../shared/types';
import { useActivityOverview } from '../api/activity';
import { currentChannel } from '../api/user';
import { BlogSelect } from '../ui/BlogSelect';
import styles from './Activity.module.css';
import { NotificationList } from './NotificationList';
import { Sparkline } from './Sparkline';
import { useMarkSeenWhenShown, useWoopsOnError } from './use-activity-effects';

interface Props {
  info: UserInfoResponse;
  onClose: () => void;
  /** "Now" for the date headers (tests fix it). */
  now?: Date;
}

/** The activity popover's panel (spec 1 §4): blog selector and sparkline, then the notifications. */
export function ActivityPopover({ info, onClose, now }: Props) {
  const channels = info.user.channels;
  const [blog, setBlog] = useState(() => currentChannel(info)?.name ?? '');
  const overview = useActivityOverview(blog);
  const notifications = overview.data?.activity_notifications;
  useWoopsOnError(overview.error);
  useMarkSeenWhenShown(blog, notifications);
  const activityPath = `/blog/${encodeURIComponent(blog)}/activity`;

  return (
    <div className={styles.panel}>
      <div className={styles.panelHeader}>
        {channels.length > 1 ? (
          // Spec 1 §6: the selector only with more than one blog.
          <label className={styles.selector}>
            <span className="visually-hidden">Activity of</span>
            <BlogSelect size="small" blogs={channels} value={blog} onChange={setBlog} />
          </label>
        ) : (
          <span className={styles.blogName}>{blog}</span>
        )}
        {overview.data?.activity_data && <Sparkline data={overview.data.activity_data.sparkline} blog={blog} onOpen={onClose} />}
      </div>
      <div className={styles.scroll}>
        {overview.isPending ? (
          <p className={styles.status} role="status">
            Loading…
          </p>
        ) : overview.isError ? (
          <p className={styles.status}>
            Activity could not be loaded.{' '}
            <button type="button" className={styles.retry} onClick={() => void overview.refetch()}>
              Try again
            </button>
          </p>
        ) : notifications && notifications.length > 0 ? (
          <NotificationList notifications={notifications} viewer={info.user} now={now} onNavigate={onClose} />
        ) : (
          <p className={styles.status}>No activity yet. Likes, reblogs, replies and new followers of {blog} show up here.</p>
        )}
      </div>
      <div className={styles.panelFooter}>
        <Link to={activityPath} onClick={onClose}>
          See everything
        </Link>
      </div>
    </div>
  );
}
