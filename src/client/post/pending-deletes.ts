// A deleted post leaves its list at once, but the delete is sent only when its Undo time runs out
// or the page is left: Undo puts the post back and nothing was sent (issue 24 item 7).
import type { QueryClient } from '@tanstack/react-query';
import type { PostView } from '../../shared/posts/types';
import { deletePostNow, deletePostOnLeave } from '../api/posts';
import { undoable } from '../ui/undoable';
import { reportPostActionError } from './post-action-errors';

export const POST_DELETED = 'Post deleted.';

interface Entry {
  post: PostView;
  queryClient: QueryClient;
}

const deletes = undoable<Entry>({
  text: POST_DELETED,
  // Gone from the lists on success; back in its place on failure, with the reason.
  send: ({ queryClient, post }) => deletePostNow(queryClient, post),
  sendOnLeave: ({ queryClient, post }) => deletePostOnLeave(queryClient, post),
  onFailure: ({ post }, error) => void reportPostActionError('delete', post.id, error),
});

/** The posts waiting out their Undo time: lists leave them out. */
export const useHiddenPosts = deletes.useHidden;

/** Hides the post now and offers Undo; the delete is sent when the toast goes without it. */
export const deleteWithUndo = (queryClient: QueryClient, post: PostView) => deletes.start(post.id, { post, queryClient });
