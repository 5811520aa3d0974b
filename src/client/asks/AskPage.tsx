import { Link, useNavigate, useParams } from 'react-router';
import { pagePaths } from '../../shared/routes';
import { useBlogData } from '../api/blogs';
import { ApiError } from '../api/client';
import { useUserInfo } from '../api/user';
import page from '../page/page.module.css';
import { PageMessage } from '../page/PageMessage';
import { usePageTitle } from '../page/use-page-title';
import { BlogHeader } from '../blogs/BlogHeader';
import { BlogMessagingButton } from './BlogMessagingButton';
import { showSaveNotice } from '../posts/save-notice';
import { AskForm } from './AskForm';

/** {blog url}/ask (spec 2 §2): the blog's ask page, under its header, with the owner's title. */
export function AskPage() {
  const { name = '' } = useParams();
  const navigate = useNavigate();
  const { data: info, isPending: userPending } = useUserInfo();
  const blog = useBlogData(name);
  const heading = blog.data?.ask_page_title || `Ask ${name} a question`;
  usePageTitle(blog.error ? 'Blog not found' : heading);
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
  const own = viewer?.channels.some((channel) => channel.name === name);
  return (
    <div className={page.column}>
      <BlogHeader blog={data} viewer={viewer} linkTitle messaging={<BlogMessagingButton blog={data} viewer={viewer} />} />
      <div className={page.withAvatar}>
        <span />
        <section className={page.card} aria-labelledby="ask-heading">
          <h2 id="ask-heading" className={page.title}>
            {heading}
          </h2>
          {own ? (
            <p className={page.muted}>This is your blog. Questions people send it wait in <Link to={`${pagePaths.blog(name)}/inbox`}>your inbox</Link>.</p>
          ) : data.asks ? (
            <AskForm
              recipient={name}
              anonymousAllowed={Boolean(data.anonymous_asks)}
              loggedIn={Boolean(viewer)}
              onSent={() => {
                showSaveNotice(`Your question went to ${name}.`);
                navigate(pagePaths.blog(name));
              }}
            />
          ) : (
            <p className={page.muted}>{name} is not taking questions right now.</p>
          )}
        </section>
      </div>
    </div>
  );
}
