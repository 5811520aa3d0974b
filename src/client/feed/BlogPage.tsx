import { Link, useParams } from 'react-router';
import { useBlogData } from '../api/blogs';
import { ApiError } from '../api/client';
import { postRoots } from '../api/posts';
import { useUserInfo } from '../api/user';
import page from '../page/page.module.css';
import { PageMessage } from '../page/PageMessage';
import { usePageTitle } from '../page/use-page-title';
import { BlogHeader } from '../blogs/BlogHeader';
import { BlogMessagingButton } from '../asks/BlogMessagingButton';
import { Feed } from '../post/Feed';

/**
 * A blog's published posts, newest first, under its name, title and description, with Follow:
 * where every blog link of the product (post headers, notes, activity) leads. Logged-out
 * visitors see it too; Follow sends them to the follow page.
 */
export function BlogPage() {
  const { name = '' } = useParams();
  const { data: info, isPending: userPending } = useUserInfo();
  const blog = useBlogData(name);
  usePageTitle(blog.data ? blog.data.title || blog.data.name : blog.error ? 'Blog not found' : name);
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
      <BlogHeader blog={data} viewer={viewer} messaging={<BlogMessagingButton blog={data} viewer={viewer} />} />
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
