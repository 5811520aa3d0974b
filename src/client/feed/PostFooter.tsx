import { Link, useLocation } from 'react-router';
import type { PostView } from '../../shared/posts/types';
import { useDeletePost, usePublishPost, useQueuePost } from '../api/posts';
import { confirmDialog } from '../ui/dialogs';
import { notesLabel } from './format';
import { alertPostActionError } from './post-action-errors';
import styles from './PostCard.module.css';

const isPending = (post: PostView) => post.state_name === 'draft' || post.state_name === 'queued' || post.state_name === 'scheduled';

/** Notes, then the owner's tools (publish, queue, edit, delete) or everyone else's reblog. */
export function PostFooter({ post }: { post: PostView }) {
  const remove = useDeletePost();
  const publish = usePublishPost();
  const queue = useQueuePost();
  const busy = remove.isPending || publish.isPending || queue.isPending;
  // The form opens over this page, replacing its address, and comes back here on close.
  const { pathname } = useLocation();
  const formLink = { replace: true, state: { base: pathname } };

  const onDelete = async () => {
    const sure = await confirmDialog('Delete this post?', { okLabel: 'Delete', cancelLabel: 'Nevermind' });
    if (sure) await remove.mutateAsync(post).catch(alertPostActionError);
  };
  const onPublish = () => publish.mutateAsync(post).catch(alertPostActionError);
  const onQueue = () => queue.mutateAsync(post).catch(alertPostActionError);

  return (
    <footer className={styles.footer}>
      <span className={styles.notes}>{notesLabel(post.note_count)}</span>
      <div className={styles.actions} aria-busy={busy || undefined}>
        {post.is_mine ? (
          <>
            {isPending(post) && (
              <button type="button" className={styles.action} onClick={() => void onPublish()} disabled={busy}>
                {publish.isPending ? 'Publishing…' : 'Publish'}
              </button>
            )}
            {post.state_name === 'draft' && (
              <button type="button" className={styles.action} onClick={() => void onQueue()} disabled={busy}>
                {queue.isPending ? 'Queueing…' : 'Queue'}
              </button>
            )}
            <Link className={styles.action} to={`/edit/${post.id}`} {...formLink}>
              Edit
            </Link>
            <button type="button" className={styles.action} onClick={() => void onDelete()} disabled={busy}>
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </button>
          </>
        ) : (
          post.can_be_reblogged && (
            <Link className={styles.action} to={`/reblog/${post.id}/${encodeURIComponent(post.reblog_key)}`} {...formLink}>
              Reblog
            </Link>
          )
        )}
      </div>
    </footer>
  );
}
