import { MODERATION_SWITCHES, type ModerationSwitch, type ReportView } from '../../shared/moderation';
import { inAppHref, PAGE_ROUTES } from '../../shared/routes';
import { useMarkSensitive } from '../api/appeals';
import { useReports, useResolveReport, useSetSwitch } from '../api/moderation';
import { AdminOnly, AdminQueue, QueueActions, QueuedPost, queueDateFormat, queueStyles as styles, ResolveButton } from './AdminQueue';

const SWITCH_LABELS: Record<ModerationSwitch, string> = {
  spam: 'Spam',
  nsfw: 'NSFW',
  adult: 'Adult',
  uniblock: 'Uniblock',
  suspended: 'Suspended',
};

function ReportItem({ report }: { report: ReportView }) {
  const setSwitch = useSetSwitch();
  const resolve = useResolveReport();
  const mark = useMarkSensitive();
  const { blog, post } = report;
  return (
    <>
      <QueuedPost
        post={post}
        meta={
          <>
            <a href={inAppHref(blog.url)}>{blog.tumblelog}</a> · {post.type} post · reported {queueDateFormat.format(new Date(report.created_at))}
            {report.reporter ? ` by ${report.reporter.blog_name ?? 'a person without a blog'}` : ' by a deleted account'}
          </>
        }
      />
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
      <QueueActions error={setSwitch.error ?? resolve.error ?? mark.error}>
        <button
          type="button"
          className={styles.switch}
          aria-pressed={mark.data?.is_sensitive ?? false}
          disabled={mark.isPending}
          onClick={() => mark.mutate({ postId: post.id, sensitive: !(mark.data?.is_sensitive ?? false) })}
        >
          Post sensitive
        </button>
        <ResolveButton pending={resolve.isPending} busyLabel="Resolving…" onClick={() => resolve.mutate(report.id)}>
          Resolve
        </ResolveButton>
      </QueueActions>
    </>
  );
}

function ReportsList() {
  return (
    <AdminQueue
      title="Reports"
      noun="reports"
      intro={
        <>
          Open reports of posts, newest first. The switches act on the post’s blog. Appeals of sensitive marks are on{' '}
          <a href={PAGE_ROUTES.adminAppeals}>the appeals page</a>; the feature flags on <a href={PAGE_ROUTES.adminFlags}>the flags page</a>; other servers on{' '}
          <a href={PAGE_ROUTES.adminFederation}>the servers page</a>.
        </>
      }
      emptyText="No open reports."
      listLabel="Open reports"
      pages={useReports()}
      itemsOf={(p) => p.reports}
      keyOf={(report) => report.id}
      labelOf={(report) => `Report of a post by ${report.blog.tumblelog}`}
    >
      {(report) => <ReportItem report={report} />}
    </AdminQueue>
  );
}

/** /admin/reports: for admins. */
export function AdminReportsPage() {
  return <AdminOnly>{() => <ReportsList />}</AdminOnly>;
}
