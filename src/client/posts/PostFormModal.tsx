import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { MODAL_FADE_MS, type PostType } from '../../shared/constants';
import type { Channel, UserInfoResponse } from '../../shared/types';
import type { FormRequest } from './form-route';
import { PostForm, PostFormLoading } from './PostForm';
import { PostFormShell } from './PostFormShell';
import { formLabel, useFormSession } from './use-form-session';

interface PostFormModalProps {
  request: FormRequest;
  info: UserInfoResponse;
  /** Where the form returns on close. */
  base: string;
  /** A type tab was chosen: the address follows, without a history entry. */
  onTypeChange: (type: PostType) => void;
  /** A submission to another person's blog (issue 14): the one blog the form posts to. */
  submitTo?: Channel;
  /** The type tabs offered (a submission: only the types the blog takes). */
  types?: readonly PostType[];
}

/**
 * One opening of the post form: loads what it needs (a loader only after 250 ms), shows the form
 * over the glass, asks before throwing away changes, and goes back to the base route when closed.
 */
export function PostFormModal({ request, info, base, onTypeChange, submitTo, types }: PostFormModalProps) {
  const navigate = useNavigate();
  const frameRef = useRef<HTMLDialogElement>(null);
  const { initial, channels, contextPage, failed, open, guardRef, requestDismiss, onSaved } = useFormSession(request, info, base, submitTo);

  // Closed: the glass fades, then the address goes back to the base route and the form is gone.
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => navigate(base, { replace: true }), MODAL_FADE_MS);
    return () => clearTimeout(timer);
  }, [open, navigate, base]);

  return (
    <PostFormShell open={open} label={formLabel(request)} onDismiss={() => void requestDismiss()} frameRef={frameRef}>
      {initial ? (
        <PostForm
          initial={initial}
          channels={channels}
          contextPage={contextPage}
          frameRef={frameRef}
          guardRef={guardRef}
          onTypeChange={onTypeChange}
          onSaved={onSaved}
          onCancel={() => void requestDismiss()}
          types={types}
        />
      ) : (
        !failed && <PostFormLoading />
      )}
    </PostFormShell>
  );
}
