import { lazy } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { POST_TYPES, type PostType } from '../../shared/constants';
import type { Channel } from '../../shared/types';
import { useBlogData, type BlogData } from '../api/blogs';
import { ApiError } from '../api/client';
import page from '../page/page.module.css';
import { LazyPanel } from '../ui/LazyPanel';
import { PageMessage } from '../page/PageMessage';
import { RequireUser } from '../page/RequireUser';
import { usePageTitle } from '../page/use-page-title';
import { POST_TYPE_REGISTRY } from '../post/post-types';
import { BlogHeader } from '../blogs/BlogHeader';
import { BlogMessagingButton } from './BlogMessagingButton';
import { DelayedLoader } from '../ui/DelayedLoader';
import { submitPath } from './BlogMessagingButton';
import styles from './SubmitPage.module.css';

const PostFormModal = lazy(() => import('../posts/PostFormModal').then((module) => ({ default: module.PostFormModal })));

/** The blog as the post form's one channel: a submission goes to it and nowhere else. */
const submissionChannel = (blog: BlogData): Channel => ({ ...blog, is_current: true, unread_count: 0, can_send_messages: false, is_primary: false });

const isPostType = (value: string | undefined): value is PostType => POST_TYPES.includes(value as PostType);

/**
 * {blog url}/submit (spec 2 §2): the blog's guidelines and the post types it takes; choosing one
 * opens the post form (editors and uploads as for any post) that saves to that blog, where the
 * post waits as a submission for its owner.
 */
export function SubmitPage() {
  const { name = '', type } = useParams();
  const navigate = useNavigate();
  const blog = useBlogData(name);
  usePageTitle(blog.error ? 'Blog not found' : `Submit a post to ${name}`);
  return (
    <RequireUser>
      {(info) => {
        if (blog.isPending) return <PageMessage busy>Loading…</PageMessage>;
        if (blog.error) {
          const missing = blog.error instanceof ApiError && blog.error.status === 404;
          return (
            <PageMessage>
              {missing ? `There is no blog named "${name}".` : blog.error.message} <Link to="/dashboard">Go to your dashboard</Link>.
            </PageMessage>
          );
        }
        const data = blog.data;
        const own = info.user.channels.some((channel) => channel.name === name);
        const accepted = POST_TYPES.filter((t) => data.submission_types?.includes(t));
        const open = data.submissions && !own && isPostType(type) && accepted.includes(type) ? type : null;
        return (
          <div className={page.column}>
            <BlogHeader blog={data} viewer={info.user} linkTitle messaging={<BlogMessagingButton blog={data} viewer={info.user} />} />
            <div className={page.withAvatar}>
              <span />
              <section className={page.card} aria-labelledby="submit-heading">
                <h2 id="submit-heading" className={page.title}>
                  Submit a post to {name}
                </h2>
                {own ? (
                  <p className={page.muted}>This is your blog: post to it from the dashboard.</p>
                ) : !data.submissions || accepted.length === 0 ? (
                  <p className={page.muted}>{name} is not taking submissions right now.</p>
                ) : (
                  <>
                    {data.submission_guidelines && <p className={styles.guidelines}>{data.submission_guidelines}</p>}
                    <p className={page.muted}>Choose what to submit. {name} decides whether it is published.</p>
                    <ul className={styles.types} aria-label="Post types you can submit">
                      {accepted.map((t) => (
                        <li key={t}>
                          <Link className={styles.type} to={`${submitPath(name)}/${t}`}>
                            {POST_TYPE_REGISTRY[t].label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </section>
            </div>
            {open && (
              <LazyPanel name="PostFormModal" fallback={<DelayedLoader label="Loading the post form…" />}>
                <PostFormModal
                  key={open}
                  request={{ mode: 'new', type: open }}
                  info={info}
                  base={submitPath(name)}
                  submitTo={submissionChannel(data)}
                  // Only the types the blog takes: a tab it refuses would close the form with nothing said.
                  types={accepted}
                  onTypeChange={(next) => navigate(`${submitPath(name)}/${next}`, { replace: true })}
                />
              </LazyPanel>
            )}
          </div>
        );
      }}
    </RequireUser>
  );
}
