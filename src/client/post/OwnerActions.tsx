import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { PostView } from '../../shared/posts/types';
import { usePublishPost, useQueuePost } from '../api/posts';
import { DeleteIcon, EditIcon } from './action-icons';
import { PromoteButton } from './PromoteButton';
import { useInlineFormLink } from './inline-forms';
import { deleteWithUndo } from './pending-deletes';
import { reportPostActionError } from './post-action-errors';
import styles from './PostCard.module.css';

const isPending = (post: PostView) => post.state_name === 'draft' || post.state_name === 'queued' || post.state_name === 'scheduled';

/** The owner's tools: publish and queue for posts not out yet, promote (after saying what it does) for published ones, edit, delete. */
export function OwnerActions({ post }: { post: PostView }) {
  const queryClient = useQueryClient();
  const publish = usePublishPost();
  const queue = useQueuePost();
  const busy = publish.isPending || queue.isPending;
  // The form opens over this page, replacing its address, and comes back here on close.
  const { pathname } = useLocation();
  // In a feed it opens inline instead, in place of the card.
  const onEditClick = useInlineFormLink(post.id, { mode: 'edit', postId: post.id });

  // No question first: the post leaves at once, and the toast offers Undo before anything is sent.
  const onDelete = () => deleteWithUndo(queryClient, post);
  const onPublish = () => publish.mutateAsync(post).catch((error: unknown) => reportPostActionError('publish', post.id, error));
  const onQueue = () => queue.mutateAsync(post).catch((error: unknown) => reportPostActionError('queue', post.id, error));

  return (
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
      {post.state_name === 'published' && <PromoteButton post={post} disabled={busy} />}
      <Link
        className={styles.iconButton}
        to={`/edit/${post.id}`}
        replace
        state={{ base: pathname }}
        aria-label="Edit"
        data-tooltip="Edit"
        onClick={onEditClick}
      >
        <EditIcon />
      </Link>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Delete"
        data-tooltip="Delete"
        onClick={onDelete}
        disabled={busy}
      >
        <DeleteIcon />
      </button>
    </>
  );
}
