import type { AppealView } from '../../shared/appeals';
import { inAppHref, PAGE_ROUTES } from '../../shared/routes';
import { useAppeals, useDecideAppeal } from '../api/appeals';
import { AdminOnly, AdminQueue, QueueActions, QueuedPost, queueDateFormat, queueStyles, ResolveButton } from '../moderation/AdminQueue';

function AppealItem({ appeal }: { appeal: AppealView }) {
  const decide = useDecideAppeal();
  const { blog, post } = appeal;
  return (
    <>
      <QueuedPost
        post={post}
        meta={
          <>
            <a href={inAppHref(blog.url)}>{blog.name}</a> · {post.type} post · review asked {queueDateFormat.format(new Date(appeal.requested_at))}
          </>
        }
      />
      <QueueActions error={decide.error}>
        <button type="button" className={queueStyles.switch} disabled={decide.isPending} onClick={() => decide.mutate({ postId: post.id, sensitive: true })}>
          Keep sensitive
        </button>
        <ResolveButton pending={decide.isPending} onClick={() => decide.mutate({ postId: post.id, sensitive: false })}>
          Remove the mark
        </ResolveButton>
      </QueueActions>
    </>
  );
}

function AppealsList() {
  return (
    <AdminQueue
      title="Appeals"
      noun="appeals"
      intro={
        <>
          Posts marked sensitive whose owners asked for a review, newest first. Deciding emails the owner. Open reports are on{' '}
          <a href={PAGE_ROUTES.adminReports}>the reports page</a>.
        </>
      }
      emptyText="No appeals waiting."
      listLabel="Appeals waiting"
      pages={useAppeals()}
      itemsOf={(p) => p.appeals}
      keyOf={(appeal) => appeal.post.id}
      labelOf={(appeal) => `Appeal of a post by ${appeal.blog.name}`}
    >
      {(appeal) => <AppealItem appeal={appeal} />}
    </AdminQueue>
  );
}

/** /admin/appeals: for admins, beside /admin/reports. */
export function AdminAppealsPage() {
  return <AdminOnly>{() => <AppealsList />}</AdminOnly>;
}
