import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { APPEAL_LEVEL, SENSITIVE_TEXTS, type AppealLevel } from '../../shared/appeals';
import type { PostView } from '../../shared/posts/types';
import { requestAppeal } from '../api/appeals';
import { patchLists } from '../api/posts';
import { alertDialog, confirmDialog } from '../ui/dialogs';
import styles from './appeals.module.css';

/**
 * Spec 2 §4 Sensitive-content appeal: the owner's sensitive indicator on a post an admin marked.
 * A tap explains the state, or in the available states offers a review.
 */
export function AppealIndicator({ post }: { post: Pick<PostView, 'id' | 'blog' | 'appeal_state'> }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const level = post.appeal_state ?? APPEAL_LEVEL.none;
  if (level === APPEAL_LEVEL.none) return null;

  const settle = (appeal_state: AppealLevel, is_sensitive: boolean) =>
    patchLists(queryClient, () => true, (posts) => posts.map((p) => (p.id === post.id ? { ...p, appeal_state, is_sensitive } : p)));

  const send = async (state: 2 | 3) => {
    setBusy(true);
    try {
      const answer = await requestAppeal(post.id, post.blog.name, state);
      settle(answer.appeal_state, answer.is_sensitive);
      if (state === APPEAL_LEVEL.in_review) await alertDialog(SENSITIVE_TEXTS.requested);
    } catch (error) {
      // A newer request replaced this one: it speaks for itself.
      if (!(error instanceof DOMException && error.name === 'AbortError')) await alertDialog((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const open = async () => {
    if (level === APPEAL_LEVEL.in_review) return alertDialog(SENSITIVE_TEXTS.inReview);
    if (level === APPEAL_LEVEL.complete) return alertDialog(SENSITIVE_TEXTS.complete);
    const review = await confirmDialog(SENSITIVE_TEXTS.cover, { okLabel: SENSITIVE_TEXTS.requestReview, cancelLabel: SENSITIVE_TEXTS.nevermind });
    await send(review ? APPEAL_LEVEL.in_review : APPEAL_LEVEL.available);
  };

  return (
    <button type="button" className={styles.indicator} onClick={() => void open()} disabled={busy} aria-haspopup="dialog">
      Sensitive
    </button>
  );
}
