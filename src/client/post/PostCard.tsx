import { lazy, useState } from 'react';
import { useLocation } from 'react-router';
import type { PostView } from '../../shared/posts/types';
import { AppealIndicator } from '../appeals/AppealIndicator';
import { SensitiveCover } from '../appeals/SensitiveCover';
import page from '../page/page.module.css';
import { BlogCardTrigger } from '../blogs/card/BlogCardTrigger';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import { LazyPanel } from '../ui/LazyPanel';
import { useSafeModeOn } from '../ui/safe-mode';
import { CtaButton } from './CtaButton';
import { formatDateTime } from './format';
import { hostOf } from './LinkContent';
import styles from './PostCard.module.css';
import { PostContent } from './PostContent';
import { PostFooter } from './PostFooter';
import { FlagBadges } from './FlagBadges';
import { RemotePostCard } from './RemotePostCard';
import { StateBadge } from './StateBadge';
import { Tags } from './Tags';
import { Trail } from './Trail';
import type { Viewer } from '../ui/viewer';
import { inAppHref } from '../../shared/routes';
import { drawerLink } from '../ui/drawer-link';
import { useInlineForm } from './inline-form-store';
import { DelayedLoader } from '../ui/DelayedLoader';

// The post form (and its editors) is its own chunk, loaded the first time a form opens.
const InlinePostForm = lazy(() => import('../posts/InlinePostForm').then((module) => ({ default: module.InlinePostForm })));

function ReblogIcon() {
  return (
    <svg className={styles.reblogIcon} viewBox="0 0 24 24" width="14" height="14" aria-label="reblogged" role="img">
      <path fill="currentColor" d="M7 7h9V4l4 4-4 4V9H9v3H7zm10 10H8v3l-4-4 4-4v3h7v-3h2z" />
    </svg>
  );
}

/** One post as the dashboard shows it: the blog's avatar at the left of a white card. */
interface PostCardProps {
  post: PostView;
  viewer: Viewer;
  /** Its place in a feed (1-based) and the feed's length, -1 while more can load. */
  position?: { index: number; size: number };
  /** The notes start open (the post's own page). */
  notesOpen?: boolean;
}

export function PostCard({ post, viewer, position, notesOpen = false }: PostCardProps) {
  if (post.remote) return <RemotePostCard post={post} remote={post.remote} position={position} />;
  return <LocalPostCard post={post} viewer={viewer} position={position} notesOpen={notesOpen} />;
}

function LocalPostCard({ post, viewer, position, notesOpen = false }: PostCardProps) {
  // A reblog shows the original under its blog's name, then each reblogger's words in order.
  const withTrail = post.is_reblog && post.trail.length > 0;
  const from = post.reblogged_from;
  const fromBlog = from && post.trail.find((item) => item.blog.name === from.blog_name)?.blog;
  const sourceHost = post.source_url ? hostOf(post.source_url) : null;
  // Issue 15: with safe mode on, someone else's sensitive post is covered until 'show anyway'.
  const [shown, setShown] = useState(false);
  // Spec 1 §6's one rule (ui/safe-mode.ts); logged out, it is the site flag's.
  const safeMode = useSafeModeOn(viewer);
  const covered = post.is_sensitive && safeMode && !post.is_mine && !shown;
  // Edit or reblog opened from this card in a feed: the form stands in its place.
  const inlineForm = useInlineForm(post.id, useLocation().key);

  if (inlineForm) {
    return (
      <article aria-label={`${inlineForm.request.mode === 'edit' ? 'Editing' : 'Reblogging'} a post by ${post.blog.name}`} aria-posinset={position?.index} aria-setsize={position?.size} data-post-id={post.id}>
        <LazyPanel name="InlinePostForm" fallback={<DelayedLoader label="Loading the post form…" />}>
          <InlinePostForm form={inlineForm} />
        </LazyPanel>
      </article>
    );
  }

  return (
    <article
      className={page.withAvatar}
      aria-label={`Post by ${post.blog.name}`}
      aria-posinset={position?.index}
      aria-setsize={position?.size}
      data-post-id={post.id}
      data-blog-uuid={post.blog.uuid}
    >
      <BlogCardTrigger blog={post.blog}>
        <a href={inAppHref(post.blog.url)} tabIndex={-1} aria-hidden="true" className={styles.avatarLink} {...drawerLink(post.blog.name)}>
          <Avatar blog={post.blog} size={64} pixelated={shouldPixelate(post.blog, viewer)} />
        </a>
      </BlogCardTrigger>
      <div className={`${page.card} ${styles.card}`} data-type={post.content.type}>
        <header className={styles.header}>
          <span className={styles.names}>
            <BlogCardTrigger blog={post.blog}>
              <a className={styles.blogName} href={inAppHref(post.blog.url)} {...drawerLink(post.blog.name)}>
                {post.blog.name}
              </a>
            </BlogCardTrigger>
            {from && (
              <>
                <ReblogIcon />
                {fromBlog ? (
                  <a href={inAppHref(fromBlog.url)} {...drawerLink(from.blog_name, { source: true })}>
                    {from.blog_name}
                  </a>
                ) : (
                  <span>{from.blog_name}</span>
                )}
              </>
            )}
          </span>
          <StateBadge post={post} />
          <FlagBadges post={post} />
          {post.is_mine && <AppealIndicator post={post} />}
          <a className={styles.permalink} href={inAppHref(post.post_url)}>
            <time dateTime={post.date}>{formatDateTime(post.date)}</time>
          </a>
        </header>
        {covered ? (
          <SensitiveCover onShow={() => setShown(true)} />
        ) : withTrail ? (
          <Trail trail={post.trail} viewer={viewer} rootContent={<PostContent content={post.content} post={post} />} />
        ) : (
          <PostContent content={post.content} post={post} />
        )}
        {!covered && post.cta && <CtaButton cta={post.cta} />}
        {post.submitted_by && (
          <p className={styles.source}>
            Submitted by{' '}
            <BlogCardTrigger blog={post.submitted_by}>
              <a href={inAppHref(post.submitted_by.url)}>{post.submitted_by.name}</a>
            </BlogCardTrigger>
          </p>
        )}
        {!covered && post.source_url && sourceHost && (
          <p className={styles.source}>
            Source:{' '}
            <a href={post.source_url} target="_blank" rel="noopener noreferrer nofollow">
              {sourceHost}
            </a>
          </p>
        )}
        {!covered && <Tags tags={post.tags} />}
        <PostFooter post={post} viewer={viewer} notesOpen={notesOpen} />
      </div>
    </article>
  );
}
