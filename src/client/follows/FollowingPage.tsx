import { useFollowingPages, type FollowedBlog } from '../api/follows';
import type { UserInfoResponse } from '../../shared/types';
import page from '../page/page.module.css';
import { PageMessage } from '../page/PageMessage';
import { RequireUser } from '../page/RequireUser';
import { BlogCardTrigger } from '../blogs/card/BlogCardTrigger';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import { FirstPageFailed, LoadMore } from '../ui/LoadMore';
import { FollowButton, SubscribeToggle } from '../blogs/FollowButton';
import styles from './FollowingPage.module.css';
import { usePageTitle } from '../page/use-page-title';
import { useHeaderTitle } from '../page/header-chrome';
import { inAppHref } from '../../shared/routes';

function FollowedRow({ blog, viewer }: { blog: FollowedBlog; viewer: UserInfoResponse['user'] }) {
  return (
    <li className={styles.row}>
      <BlogCardTrigger blog={blog}>
        <a href={inAppHref(blog.url)} className={styles.blog}>
          <Avatar blog={blog} size={40} shape={blog.global_theme_params.avatar_shape} pixelated={shouldPixelate(blog, viewer)} />
          <span className={styles.names}>
            <span className={styles.name}>{blog.name}</span>
            <span className={styles.title}>{blog.title}</span>
          </span>
        </a>
      </BlogCardTrigger>
      <span className={styles.actions}>
        <SubscribeToggle blog={blog} />
        <FollowButton blog={blog} source="following_page" />
      </span>
    </li>
  );
}

function FollowingList({ info }: { info: UserInfoResponse }) {
  const pages = useFollowingPages();
  if (pages.isPending) return <PageMessage busy>Loading the blogs you follow…</PageMessage>;
  // A failed later page keeps the list: the error shows under it.
  if (!pages.data) {
    return <FirstPageFailed pages={pages} />;
  }
  const blogs = pages.data.pages.flatMap((p) => p.blogs);
  const count = info.user.friend_count;
  return (
    <div className={page.column}>
      <section className={page.card} aria-labelledby="following-title">
        <h1 id="following-title" className={page.title}>
          Following
        </h1>
        <p className={page.muted}>{count === 1 ? 'You follow 1 blog.' : `You follow ${count} blogs.`}</p>
        {blogs.length === 0 ? (
          <p className={styles.empty}>You don’t follow any blogs yet. Hover a blog’s name on your dashboard and follow it from its card.</p>
        ) : (
          <ul className={styles.list} aria-label="Blogs you follow">
            {blogs.map((blog) => (
              <FollowedRow key={blog.name} blog={blog} viewer={info.user} />
            ))}
          </ul>
        )}
        <LoadMore pages={pages} className={styles.more} errorClassName={styles.error} />
      </section>
    </div>
  );
}

/** /following: the blogs the viewer follows, each with Unfollow and the bell. */
export function FollowingPage() {
  usePageTitle('Following');
  useHeaderTitle('Following');
  return <RequireUser>{(info) => <FollowingList info={info} />}</RequireUser>;
}
