import { Link, useLocation } from 'react-router';
import type { PostView } from '../../shared/posts/types';
import { useApproveSubmission, useBlockSender, useDenySubmission } from '../api/asks';
import { useDeletePost } from '../api/posts';
import { confirmBlockBlog } from '../blocks/confirm-block';
import { DeleteIcon } from './action-icons';
import { useInlineFormLink } from './inline-forms';
import { reportPostActionError } from './post-action-errors';
import styles from './PostCard.module.css';
import { confirmDialog } from '../ui/dialogs';

/** Spec 1 §8: the block-sender confirm (an anonymous asker is known only by address). */
export const BLOCK_SENDER_MESSAGE =
  'Block this sender? Future messages from their IP address will be blocked. This cannot be undone.';

const confirmBlockSender = (post: PostView) => {
  const named = post.content.type === 'note' ? post.content.asking_name : post.submitted_by?.name;
  return named ? confirmBlockBlog(named) : confirmDialog(BLOCK_SENDER_MESSAGE, { okLabel: 'Block', cancelLabel: 'Nevermind' });
};

/**
 * What the owner does with an item of the inbox (spec 1 §7): an ask is answered (the post form in
 * answer mode), deleted or its sender blocked; a submission is published, queued, edited first,
 * denied, or its sender blocked.
 */
export function InboxActions({ post }: { post: PostView }) {
  const { pathname } = useLocation();
  const remove = useDeletePost();
  const approve = useApproveSubmission();
  const deny = useDenySubmission();
  const block = useBlockSender();
  const busy = remove.isPending || approve.isPending || deny.isPending || block.isPending;
  const isAsk = post.content.type === 'note';

  const onBlock = async () => {
    if (await confirmBlockSender(post)) await block.mutateAsync(post).catch((error: unknown) => reportPostActionError('block', post.id, error));
  };
  const onDelete = async () => {
    const sure = await confirmDialog('Delete this question?', { okLabel: 'Delete', cancelLabel: 'Nevermind' });
    if (sure) await remove.mutateAsync(post).catch((error: unknown) => reportPostActionError('delete', post.id, error));
  };
  const onDeny = async () => {
    const sure = await confirmDialog('Deny this submission? It is deleted, and its sender is told.', { okLabel: 'Deny', cancelLabel: 'Nevermind' });
    if (sure) await deny.mutateAsync(post).catch((error: unknown) => reportPostActionError('deny', post.id, error));
  };
  const onApprove = (queue: boolean) =>
    approve.mutateAsync({ post, queue }).catch((error: unknown) => reportPostActionError(queue ? 'queue' : 'approve', post.id, error));

  // In the inbox's list the form opens in place of the item (the inbox stays under it); its
  // submit button says Answer or Publish (posts/submit-labels).
  const onEditClick = useInlineFormLink(post.id, { mode: 'edit', postId: post.id });
  const edit = (
    <Link className={styles.action} to={`/edit/${post.id}`} replace state={{ base: pathname }} onClick={onEditClick}>
      {isAsk ? 'Answer' : 'Edit'}
    </Link>
  );
  return (
    <>
      {isAsk ? (
        edit
      ) : (
        <>
          <button type="button" className={styles.action} onClick={() => void onApprove(false)} disabled={busy}>
            {approve.isPending ? 'Publishing…' : 'Publish'}
          </button>
          <button type="button" className={styles.action} onClick={() => void onApprove(true)} disabled={busy}>
            Queue
          </button>
          {edit}
          <button type="button" className={styles.action} onClick={() => void onDeny()} disabled={busy}>
            Deny
          </button>
        </>
      )}
      <button type="button" className={styles.action} onClick={() => void onBlock()} disabled={busy}>
        Block
      </button>
      {isAsk && (
        <button type="button" className={styles.iconButton} aria-label="Delete" data-tooltip="Delete" onClick={() => void onDelete()} disabled={busy}>
          <DeleteIcon />
        </button>
      )}
    </>
  );
}
