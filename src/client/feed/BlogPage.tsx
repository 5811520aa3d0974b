import { Link, useParams } from 'react-router';
import { useBlogData } from '../api/blogs';
import { ApiError } from '../api/client';
import { postRoots } from '../api/posts';
import { useUserInfo } from '../api/user';
import page from '../app/page.module.css';
import { PageMessage } from '../app/PageMessage';
import { BlogCardTrigger } from '../blogs/card/BlogCardTrigger';
import { FollowButton, SubscribeToggle } from '../follows/FollowButton';
import { Avatar, shouldPixelate } from '../ui/Avatar';
import styles from './BlogPage.module.css';
import { Feed } from './Feed';
import { SanitizedHtml } from './SanitizedHtml';

/**
 * A blog's published posts, newest first, under its name, title and description, with Follow:
 * where every blog link of the product (post headers, notes, activity) leads. Logged-out
 * visitors see it too; Follow sends them to the follow page.
 */
export function BlogPage() {
  const { name = '' } = useParams();
  const { data: info, isPending: userPending } = useUserInfo();
  const blog = useBlogData(name);
  if (userPending || blog.isPending) return <PageMessage busy>Loading…</PageMessage>;
  if (blog.error) {
    const missing = blog.error instanceof ApiError && blog.error.status === 404;
    return (
      <PageMessage>
        {missing ? `There is no blog named "${name}".` : blog.error.message} <Link to="/dashboard">Go to your dashboard</Link>.
      </PageMessage>
    );
  }
  const data = blog.data;
  const viewer = info?.user ?? null;
  return (
    <div className={page.column}>
      <div className={page.withAvatar}>
        <BlogCardTrigger blog={data}>
          <Avatar blog={data} size={64} pixelated={shouldPixelate(data, viewer)} />
        </BlogCardTrigger>
        <header className={`${page.card} ${styles.header}`}>
          <div className={styles.titles}>
            <h1 className={page.title}>{data.title || data.name}</h1>
            <p className={page.muted}>{data.name}</p>
          </div>
          <div className={styles.actions}>
            <FollowButton blog={data} source="blog_page" />
            {data.following && <SubscribeToggle blog={data} />}
          </div>
          {data.description_sanitized && <SanitizedHtml className={styles.description} html={data.description_sanitized} />}
        </header>
      </div>
      <Feed
        key={name}
        root={postRoots.blog(name)}
        direction="before"
        viewer={viewer}
        label={`Posts of ${name}`}
        empty={
          <div className={page.withAvatar}>
            <span />
            <p className={page.card}>{name} has not posted anything yet.</p>
          </div>
        }
      />
    </div>
  );
}
