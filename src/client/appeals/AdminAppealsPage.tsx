import type { AppealView } from '../../shared/appeals';
import { inAppHref, PAGE_ROUTES } from '../../shared/routes';
import { useAppeals, useDecideAppeal } from '../api/appeals';
import page from '../app/page.module.css';
import { NotFoundPage } from '../app/NotFoundPage';
import { PageMessage } from '../app/PageMessage';
import { RequireUser } from '../app/RequireUser';
import { usePageTitle } from '../app/use-page-title';
import styles from '../moderation/AdminReportsPage.module.css';
import { FirstPageFailed, LoadMore } from '../ui/LoadMore';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AppealItem({ appeal }: { appeal: AppealView }) {
  const decide = useDecideAppeal();
  const { blog, post } = appeal;
  return (
    <li className={`${page.card} ${styles.report}`} aria-label={`Appeal of a post by ${blog.name}`}>
      <p className={styles.meta}>
        <a href={inAppHref(blog.url)}>{blog.name}</a> · {post.type} post · review asked {dateFormat.format(new Date(appeal.requested_at))}
      </p>
      <p className={styles.summary}>
        <a href={inAppHref(post.url)}>{post.summary || `(no text) post ${post.id}`}</a>
      </p>
      <div className={styles.actions}>
        <span role="alert" className={styles.error}>
          {decide.error?.message ?? ''}
        </span>
        <span className={styles.switches}>
          <button type="button" className={styles.switch} disabled={decide.isPending} onClick={() => decide.mutate({ postId: post.id, sensitive: true })}>
            Keep sensitive
          </button>
          <button type="button" className={styles.resolve} disabled={decide.isPending} onClick={() => decide.mutate({ postId: post.id, sensitive: false })}>
            Remove the mark
          </button>
        </span>
      </div>
    </li>
  );
}

function AppealsList() {
  usePageTitle('Appeals');
  const pages = useAppeals();
  if (pages.isPending) return <PageMessage busy>Loading appeals…</PageMessage>;
  if (!pages.data) return <FirstPageFailed pages={pages} />;
  const appeals = pages.data.pages.flatMap((p) => p.appeals);
  return (
    <div className={page.column}>
      <section className={page.card} aria-labelledby="appeals-title">
        <h1 id="appeals-title" className={page.title}>
          Appeals
        </h1>
        <p className={page.muted}>
          Posts marked sensitive whose owners asked for a review, newest first. Deciding emails the owner. Open reports are on <a href={PAGE_ROUTES.adminReports}>the reports page</a>.
        </p>
      </section>
      {appeals.length === 0 ? (
        <p className={`${page.card} ${styles.empty}`}>No appeals waiting.</p>
      ) : (
        <ul className={styles.list} aria-label="Appeals waiting">
          {appeals.map((appeal) => (
            <AppealItem key={appeal.post.id} appeal={appeal} />
          ))}
        </ul>
      )}
      <LoadMore pages={pages} className={styles.more} errorClassName={`${page.card} ${styles.error}`} />
    </div>
  );
}

/** /admin/appeals: for admins, beside /admin/reports; anyone else finds nothing here. */
export function AdminAppealsPage() {
  return <RequireUser>{(info) => (info.user.is_admin ? <AppealsList /> : <NotFoundPage />)}</RequireUser>;
}
