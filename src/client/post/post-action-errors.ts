import { ApiError } from '../api/client';
import { alertDialog } from '../ui/dialogs';
import { postActionEvents, type PostAction } from './post-action-events';

/** Spec 1 §8, to the letter: two spaces after the full stop. */
export const POST_ACTION_TROUBLE = 'Sorry, we seem to be having technical trouble.  Please try again later.';

/**
 * What to tell the person when a post action fails. Spec 1 §8 names 401, 404 and 500 (the
 * trouble message) and 403 (the server's own reason: blocked, not yours; they should know why).
 * Another 4xx carries a message a person can act on; anything else (no answer, another 5xx) is
 * trouble on our side.
 */
export function postActionErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return POST_ACTION_TROUBLE;
  if (error.status === 401 || error.status === 404 || error.status >= 500 || error.status === 0) return POST_ACTION_TROUBLE;
  return error.message || POST_ACTION_TROUBLE;
}

export const alertPostActionError = (error: unknown) => alertDialog(postActionErrorMessage(error));

/** Spec 1 §8 in full: a forbidden event for a 403, a failure event otherwise, and the alert. */
export function reportPostActionError(action: PostAction, postId: string, error: unknown): Promise<void> {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 403) {
    postActionEvents.emit('forbidden', { action, post_id: postId, message: postActionErrorMessage(error) });
  } else {
    postActionEvents.emit('failure', { action, post_id: postId, status });
  }
  return alertPostActionError(error);
}
