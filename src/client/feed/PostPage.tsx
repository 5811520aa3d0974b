import { Link, useParams } from 'react-router';
import type { PostView } from '../../shared/posts/types';
import { pagePaths } from '../../shared/routes';
import { useBlogData } from '../api/blogs';
import { ApiError } from '../api/client';
import { usePostView } from '../api/posts';
import { useUserInfo } from '../api/user';
import page from '../page/page.module.css';
import { LoadFailed, PageMessage } from '../page/PageMessage';
import { usePageTitle } from '../page/use-page-title';
import { BlogHeader } from '../blogs/BlogHeader';
import { BlogMessagingButton } from '../asks/BlogMessagingButton';
import { LeadPostContext } from '../post/lead-post';
import { PostCard } from '../post/PostCard';
import { useHiddenPosts } from '../post/pending-deletes';

/** What the tab says: the post's title where it has one, else whose post it is. */
function titleOf(post: PostView): string {
  const title = 'title' in post.content ? post.content.title.trim() : '';
  return title ? `${title} · ${post.blog.name}` : `Post by ${post.blog.name}`;
}

/**
 * /blog/{name}/post/{id}/{slug}: where a post's timestamp and its share permalink lead. The post
 * as the feeds show it, with its notes open, under its blog's themed header; visitors too. An
 * unknown or hidden post is the server's 404 (the page itself was served with a 404 as well).
 */
export function PostPage() {
  const { name = '', postId = '' } = useParams();
  const { data: info, isPending: userPending } = useUserInfo();
  const query = usePostView(name, postId);
  const blog = useBlogData(name);
  // A post deleted while open leaves the cached list empty (or waits out its Undo): it is gone.
  const hidden = useHiddenPosts();
  const cached = query.data?.pages[0]?.posts[0];
  const post = cached && !hidden.has(cached.id) ? cached : undefined;
  const missing = (query.error instanceof ApiError && query.error.status === 404) || (query.data && !post);
  usePageTitle(post ? titleOf(post) : missing ? 'Post not found' : `Post by ${name}`);

  // The blog's header waits with the post (both are asked for at once): drawn after it, the header
  // pushed the post down the screen as the page settled (a layout shift of 0.2 on a phone).
  if (userPending || query.isPending || blog.isPending) return <PageMessage busy>Loading…</PageMessage>;
  if (missing || !post) {
    if (!missing) return <LoadFailed error={query.error} onRetry={query.refetch} />;
    return (
      <PageMessage>
        <h1>There is nothing here.</h1>
        <p>
          There is no such post, or it is not yours to see. <Link to={pagePaths.blog(name)}>See {name}</Link> or{' '}
          <Link to="/dashboard">go to your dashboard</Link>.
        </p>
      </PageMessage>
    );
  }
  const viewer = info?.user ?? null;
  return (
    <div className={page.column}>
      {blog.data && <BlogHeader blog={blog.data} viewer={viewer} linkTitle messaging={<BlogMessagingButton blog={blog.data} viewer={viewer} />} />}
      <LeadPostContext.Provider value={true}>
        <PostCard post={post} viewer={viewer} notesOpen />
      </LeadPostContext.Provider>
    </div>
  );
}
