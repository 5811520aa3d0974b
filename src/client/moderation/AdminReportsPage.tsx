import { MODERATION_SWITCHES, type ModerationSwitch, type ReportView } from '../../shared/moderation';
import { useMarkSensitive } from '../api/appeals';
import { useReports, useResolveReport, useSetSwitch } from '../api/moderation';
import page from '../app/page.module.css';
import { NotFoundPage } from '../app/NotFoundPage';
import { PageMessage } from '../app/PageMessage';
import { RequireUser } from '../app/RequireUser';
import { FirstPageFailed, LoadMore } from '../ui/LoadMore';
import styles from './AdminReportsPage.module.css';
import { usePageTitle } from '../app/use-page-title';
import { inAppHref, PAGE_ROUTES } from '../../shared/routes';

const SWITCH_LABELS: Record<ModerationSwitch, string> = {
  spam: 'Spam',
  nsfw: 'NSFW',
  adult: 'Adult',
  uniblock: 'Uniblock',
  suspended: 'Suspended',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ReportItem({ report }: { report: ReportView }) {
  const setSwitch = useSetSwitch();
  const resolve = useResolveReport();
  const mark = useMarkSensitive();
  const { blog, post } = report;
  const error = setSwitch.error ?? resolve.error ?? mark.error;
  return (
    <li className={`${page.card} ${styles.report}`} aria-label={`Report of a post by ${blog.tumblelog}`}>
      <p className={styles.meta}>
        <a href={inAppHref(blog.url)}>{blog.tumblelog}</a> · {post.type} post · reported {dateFormat.format(new Date(report.created_at))}
        {report.reporter ? ` by ${report.reporter.blog_name ?? 'a person without a blog'}` : ' by a deleted account'}
      </p>
      <p className={styles.summary}>
        <a href={inAppHref(post.url)}>{post.summary || `(no text) post ${post.id}`}</a>
      </p>
      <p className={styles.reason}>
        Reason: <strong>{report.reason}</strong>
      </p>
      {report.message && <p className={styles.message}>{report.message}</p>}
      <div className={styles.switches} role="group" aria-label={`Switches of ${blog.tumblelog}`}>
        {MODERATION_SWITCHES.map((name) => {
          const on = blog[`is_${name}`];
          return (
            <button
              key={name}
              type="button"
              className={styles.switch}
              aria-pressed={on}
              disabled={setSwitch.isPending}
              onClick={() => setSwitch.mutate({ name, tumblelog: blog.tumblelog, value: !on })}
            >
              {SWITCH_LABELS[name]}
            </button>
          );
        })}
      </div>
      <div className={styles.actions}>
        <span role="alert" className={styles.error}>
          {error?.message ?? ''}
        </span>
        <button
          type="button"
          className={styles.switch}
          aria-pressed={mark.data?.is_sensitive ?? false}
          disabled={mark.isPending}
          onClick={() => mark.mutate({ postId: post.id, sensitive: !(mark.data?.is_sensitive ?? false) })}
        >
          Post sensitive
        </button>
        <button type="button" className={styles.resolve} disabled={resolve.isPending} onClick={() => resolve.mutate(report.id)}>
          {resolve.isPending ? 'Resolving…' : 'Resolve'}
        </button>
      </div>
    </li>
  );
}

function ReportsList() {
  // Here rather than on the page: anyone but an admin gets the not-found page, titled so.
  usePageTitle('Reports');
  const pages = useReports();
  if (pages.isPending) return <PageMessage busy>Loading reports…</PageMessage>;
  if (!pages.data) {
    return <FirstPageFailed pages={pages} />;
  }
  const reports = pages.data.pages.flatMap((p) => p.reports);
  return (
    <div className={page.column}>
      <section className={page.card} aria-labelledby="reports-title">
        <h1 id="reports-title" className={page.title}>
          Reports
        </h1>
        <p className={page.muted}>
          Open reports of posts, newest first. The switches act on the post’s blog. Appeals of sensitive marks are on{' '}
          <a href={PAGE_ROUTES.adminAppeals}>the appeals page</a>.
        </p>
      </section>
      {reports.length === 0 ? (
        <p className={`${page.card} ${styles.empty}`}>No open reports.</p>
      ) : (
        <ul className={styles.list} aria-label="Open reports">
          {reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
      <LoadMore pages={pages} className={styles.more} errorClassName={`${page.card} ${styles.error}`} />
    </div>
  );
}

/** /admin/reports: for admins; anyone else finds nothing here. */
export function AdminReportsPage() {
  return <RequireUser>{(info) => (info.user.is_admin ? <ReportsList /> : <NotFoundPage />)}</RequireUser>;
}
