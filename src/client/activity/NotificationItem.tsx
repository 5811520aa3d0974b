import { Link } from 'react-router';
import type { ActivityNotification, ActivityPost } from '../../shared/activity/types';
import { ACTIVITY_AVATAR_SIZE } from '../../shared/activity/types';
import type { UserInfo } from '../../shared/types';
import { BlogCardTrigger } from '../blogs/card/BlogCardTrigger';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './Activity.module.css';
import { inAppHref } from '../../shared/routes';
import { drawerLink } from '../ui/drawer-link';
import { MentionUnfollow } from './MentionUnfollow';

export const ANONYMOUS = 'Anonymous';

const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/** The picture of the post when it has one; its words otherwise. */
function PostPreview({ post }: { post: ActivityPost }) {
  const picture = post.media_url ?? post.video_thumbnail_url;
  if (picture) {
    return (
      <a className={styles.thumb} href={inAppHref(post.url)} aria-label={post.summary ? `Post: ${post.summary}` : 'The post'}>
        <img src={picture} alt="" width={48} height={48} loading="lazy" />
      </a>
    );
  }
  return null;
}

interface Props {
  notification: ActivityNotification;
  viewer: Pick<UserInfo, 'safe_mode' | 'channels'>;
  /** Called when a link inside is followed (the popover closes). */
  onNavigate?: () => void;
}

/** One notification: who (or 'Anonymous'), what, the post it is about, and Follow when it applies. */
export function NotificationItem({ notification: n, viewer, onNavigate }: Props) {
  const from = n.from_tumblelog;
  // An account on another server (federation) is named by its handle and links to its profile there.
  const remote = n.from_remote;
  const who = from?.name ?? remote?.handle ?? ANONYMOUS;
  // The server's sentence starts with who did it; that part becomes a link to their blog.
  const rest = n.message.startsWith(who) ? n.message.slice(who.length) : ` ${n.message}`;
  const quote = n.note_meta?.reply_text ?? n.note_meta?.answer_text;
  const words = n.new_post?.diff || (n.post && !(n.post.media_url ?? n.post.video_thumbnail_url) ? n.post.summary : '');
  const wordsUrl = n.new_post?.diff ? n.new_post.url : n.post?.url;
  // Spec 1 §6: no Follow on activity from the user's own blogs; nor for blogs already followed.
  const canFollow = from && !from.is_own && !from.following;
  const canUnfollow = from && !from.is_own && from.following && (n.type === 'user_mention' || n.type === 'note_mention');
  return (
    <li className={styles.item} data-unread={n.unread || undefined} data-type={n.type}>
      {from ? (
        <BlogCardTrigger blog={{ name: from.name, title: from.title }}>
          <a className={styles.avatar} href={inAppHref(from.url)} tabIndex={-1} aria-hidden="true" onClick={onNavigate} {...drawerLink(from.name)}>
            <Avatar blog={from} size={ACTIVITY_AVATAR_SIZE} pixelated={shouldPixelate(from, viewer)} />
          </a>
        </BlogCardTrigger>
      ) : remote?.icon_url ? (
        <img className={styles.avatar} src={remote.icon_url} alt="" width={ACTIVITY_AVATAR_SIZE} height={ACTIVITY_AVATAR_SIZE} loading="lazy" />
      ) : (
        <span className={`${styles.avatar} ${styles.anonymous}`} aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24">
            <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-9 2.2-9 5v3h18v-3c0-2.8-4.6-5-9-5z" />
          </svg>
        </span>
      )}
      <div className={styles.body}>
        <p className={styles.message}>
          {from ? (
            <BlogCardTrigger blog={{ name: from.name, title: from.title }}>
              <a className={styles.name} href={inAppHref(from.url)} onClick={onNavigate} {...drawerLink(from.name)}>
                {from.name}
              </a>
            </BlogCardTrigger>
          ) : remote?.url ? (
            <a className={styles.name} href={remote.url} target="_blank" rel="noopener noreferrer nofollow" title={remote.name}>
              {remote.handle}
            </a>
          ) : (
            <strong className={styles.name}>{who}</strong>
          )}
          {rest}
        </p>
        {quote && <p className={styles.quote}>{quote}</p>}
        {words && wordsUrl && (
          <a className={styles.summary} href={wordsUrl && inAppHref(wordsUrl)} onClick={onNavigate}>
            {words}
          </a>
        )}
        <p className={styles.meta}>
          <time dateTime={new Date(n.timestamp * 1000).toISOString()}>{TIME.format(new Date(n.timestamp * 1000))}</time>
          {canFollow && (
            <Link className={styles.follow} to={`/follow/${encodeURIComponent(from.name)}`} onClick={onNavigate}>
              Follow
            </Link>
          )}
          {canUnfollow && <MentionUnfollow name={from.name} />}
        </p>
      </div>
      {n.post && <PostPreview post={n.post} />}
    </li>
  );
}
