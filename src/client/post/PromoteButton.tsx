import { useCallback, useEffect, useRef, useState } from 'react';
import { ADS } from '../../shared/ads/types';
import type { PostView } from '../../shared/posts/types';
import { usePromote } from '../api/notes';
import { Popover } from '../ui/Popover';
import modal from '../ui/Modal.module.css';
import { PromoteIcon } from './action-icons';
import { reportPostActionError } from './post-action-errors';
import styles from './PostCard.module.css';

/** What promoting does, said before it is done (issue 25.7); the figures are the server's (docs/api.md "Ads"). */
export function promoteExplanation(blog: string): string {
  return `It is shown, marked Sponsored, to people who do not follow ${blog}, up to ${ADS.defaultBudget.toLocaleString('en')} times. You can stop it whenever you like.`;
}
export const STOP_PROMOTING_EXPLANATION = 'It stops being shown as Sponsored at once. What it was shown so far stays in Insights.';

/**
 * Promote, for the owner's published posts: the boost icon opens a small panel that says what
 * promoting (or stopping) does, and only its button acts.
 */
export function PromoteButton({ post, disabled }: { post: PostView; disabled: boolean }) {
  const promote = usePromote();
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const on = post.is_promoted;
  const label = on ? 'Stop promoting' : 'Promote';

  useEffect(() => {
    if (open) confirm.current?.focus();
  }, [open]);

  const act = () => {
    setOpen(false);
    anchor.current?.focus();
    const action = on ? 'unpromote' : 'promote';
    promote.mutate({ post, promote: !on }, { onError: (error) => void reportPostActionError(action, post.id, error) });
  };

  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={`${styles.iconButton} ${on ? styles.promotedOn : ''}`}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-tooltip={on ? 'Promoted: stop promoting' : 'Promote this post'}
        onClick={() => setOpen((was) => !was)}
        disabled={disabled || promote.isPending}
      >
        <PromoteIcon />
      </button>
      <Popover anchorRef={anchor} open={open} onClose={close} label={on ? 'Stop promoting this post?' : 'Promote this post?'}>
        <div className={styles.promoteBox}>
          <h3 className={styles.promoteTitle}>
            {on ? 'Stop promoting this post?' : 'Promote this post?'}
          </h3>
          <p className={styles.promoteText}>{on ? STOP_PROMOTING_EXPLANATION : promoteExplanation(post.blog.name)}</p>
          <div className={modal.buttons}>
            <button type="button" className={modal.button} onClick={() => {
              close();
              anchor.current?.focus();
            }}>
              Cancel
            </button>
            <button ref={confirm} type="button" className={`${modal.button} ${modal.primary}`} onClick={act}>
              {label}
            </button>
          </div>
        </div>
      </Popover>
    </>
  );
}
