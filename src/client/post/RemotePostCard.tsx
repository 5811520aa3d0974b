import type { ReactNode } from 'react';
import type { PostView, RemoteOrigin } from '../../shared/posts/types';
import page from '../page/page.module.css';
import avatar from '../ui/Avatar.module.css';
import content from '../ui/content.module.css';
import { SanitizedHtml } from '../ui/SanitizedHtml';
import { formatDateTime } from './format';
import { hostOf } from './LinkContent';
import styles from './PostCard.module.css';

const external = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;

/** The author's profile on their server, or plain text when their actor named none. */
function ProfileLink({ href, className, children }: { href: string | null; className: string | undefined; children: ReactNode }) {
  if (!href) return <span className={className}>{children}</span>;
  return (
    <a className={className} href={href} {...external}>
      {children}
    </a>
  );
}

/**
 * A post from an account on another server (federation), on the dashboard of someone who follows
 * it: its author as name and @handle, both linking to their profile there, the HTML as our
 * sanitizer kept it, and the original one click away. A content warning folds the post until
 * opened. No like, reblog or reply here: those do not reach the other server yet.
 */
export function RemotePostCard({ post, remote, position }: { post: PostView; remote: RemoteOrigin; position?: { index: number; size: number } }) {
  const host = hostOf(remote.url) ?? remote.handle.split('@')[1];
  const body = <SanitizedHtml html={post.content.type === 'text' ? post.content.body_html : ''} className={content.html} />;
  return (
    <article className={page.withAvatar} aria-label={`Post by ${remote.handle}`} aria-posinset={position?.index} aria-setsize={position?.size} data-post-id={post.id} data-remote="true">
      {remote.icon_url ? (
        <img className={`${avatar.avatar} ${styles.avatarLink}`} src={remote.icon_url} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className={`${avatar.avatar} ${styles.avatarLink}`} style={{ width: 64, height: 64 }} aria-hidden="true" />
      )}
      <div className={`${page.card} ${styles.card}`} data-type="text">
        <header className={styles.header}>
          <span className={styles.names}>
            <ProfileLink href={remote.profile_url} className={styles.blogName}>
              {remote.name}
            </ProfileLink>
            <ProfileLink href={remote.profile_url} className={styles.handle}>
              @{remote.handle}
            </ProfileLink>
          </span>
          <a className={styles.permalink} href={remote.url} {...external}>
            <time dateTime={post.date}>{formatDateTime(post.date)}</time>
          </a>
        </header>
        {remote.summary || post.is_sensitive ? (
          <details className={styles.warning}>
            <summary>{remote.summary || 'Sensitive content'}</summary>
            {body}
          </details>
        ) : (
          body
        )}
        <footer className={styles.footer}>
          <p className={styles.source}>
            From {host}:{' '}
            <a href={remote.url} {...external}>
              open the original
            </a>
          </p>
        </footer>
      </div>
    </article>
  );
}
