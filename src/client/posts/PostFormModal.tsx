import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { MODAL_FADE_MS, type PostType } from '../../shared/constants';
import { POST_MESSAGES } from '../../shared/posts/messages';
import type { SaveResponse } from '../../shared/posts/types';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { useFetchPostForEdit, useFetchPostForReblog, useFormBuilderData, type PostFetchResponse } from '../api/post-form';
import { currentChannel } from '../api/user';
import { POST_TYPE_LABELS } from '../compose/post-type-icons';
import { alertDialog, confirmDialog } from '../ui/dialogs';
import { createComposer, type ComposerState, type SubmitState } from './composer';
import { fromSource } from './composer-payload';
import { contextPageOf, type FormRequest } from './form-route';
import { PostForm, PostFormLoading, type FormGuard } from './PostForm';
import { PostFormShell } from './PostFormShell';
import { saveNoticeText, savedBlogName, showSaveNotice } from './save-notice';

interface PostFormModalProps {
  request: FormRequest;
  info: UserInfoResponse;
  /** Where the form returns on close. */
  base: string;
  /** A type tab was chosen: the address follows, without a history entry. */
  onTypeChange: (type: PostType) => void;
  /** A submission to another person's blog (issue 14): the one blog the form posts to. */
  submitTo?: Channel;
}

function initialState(request: FormRequest, info: UserInfoResponse, channels: Channel[], fetched: PostFetchResponse | undefined): ComposerState | null {
  const editorType = info.user.defaultEditorType;
  const blogName = (channels.find((c) => c.is_current) ?? channels[0] ?? currentChannel(info))?.name ?? '';
  if (request.mode === 'new') return createComposer({ type: request.type, blogName, editorType });
  if (!fetched) return null;
  return fromSource(fetched.source, fetched.post, {
    mode: request.mode,
    blogName: request.mode === 'edit' ? fetched.post.blog.name : blogName,
    editorType,
    reblogKey: request.mode === 'reblog' ? request.reblogKey : undefined,
  });
}

function labelOf(request: FormRequest): string {
  if (request.mode === 'new') return `New ${POST_TYPE_LABELS[request.type].toLowerCase()} post`;
  return request.mode === 'edit' ? 'Edit post' : 'Reblog post';
}

/**
 * One opening of the post form: loads what it needs (a loader only after 250 ms), shows the form
 * over the glass, asks before throwing away changes, and goes back to the base route when closed.
 */
export function PostFormModal({ request, info, base, onTypeChange, submitTo }: PostFormModalProps) {
  const navigate = useNavigate();
  const frameRef = useRef<HTMLDialogElement>(null);
  const guardRef = useRef<FormGuard | null>(null);
  const asking = useRef(false);
  const alerted = useRef(false);
  const [closed, setClosed] = useState(false);

  const builder = useFormBuilderData();
  const edit = useFetchPostForEdit(request.mode === 'edit' ? request.postId : null);
  const reblog = useFetchPostForReblog(request.mode === 'reblog' ? { id: request.reblogId, key: request.reblogKey } : null);
  const fetched = request.mode === 'edit' ? edit : request.mode === 'reblog' ? reblog : null;
  const failed = (builder.isError && !builder.data) || Boolean(fetched?.isError && !fetched.data);
  const open = !closed && !failed;
  const contextPage = contextPageOf(base);
  const channels = submitTo ? [submitTo] : (builder.data?.channels ?? []);
  const initial = builder.data && (!fetched || fetched.data) ? initialState(request, info, channels, fetched?.data) : null;

  useEffect(() => {
    if (!failed || alerted.current) return;
    alerted.current = true;
    void alertDialog(POST_MESSAGES.loadFailed);
  }, [failed]);

  // Closed: the glass fades, then the address goes back to the base route and the form is gone.
  useEffect(() => {
    if (open) return;
    const timer = setTimeout(() => navigate(base, { replace: true }), MODAL_FADE_MS);
    return () => clearTimeout(timer);
  }, [open, navigate, base]);

  const requestDismiss = async () => {
    if (asking.current || !open) return;
    const guard = guardRef.current;
    if (guard?.busy) return;
    if (guard?.dirty) {
      asking.current = true;
      const message = request.mode === 'edit' ? POST_MESSAGES.discardEdit : POST_MESSAGES.discardNew;
      const discard = await confirmDialog(message, { okLabel: 'Discard', cancelLabel: 'Nevermind' });
      asking.current = false;
      if (!discard) return;
    }
    setClosed(true);
  };

  const onSaved = (answer: SaveResponse, state: SubmitState, blogName: string) => {
    setClosed(true);
    // The queue page is not a feed that refreshes in place: it reloads from the base route.
    if (contextPage === 'queue') {
      window.location.assign(base);
      return;
    }
    // A submission waits for the blog's owner: the server's words say so.
    showSaveNotice(submitTo ? answer.message : saveNoticeText(state, savedBlogName(answer, blogName)));
  };

  return (
    <PostFormShell open={open} label={labelOf(request)} onDismiss={() => void requestDismiss()} frameRef={frameRef}>
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
        />
      ) : (
        !failed && <PostFormLoading />
      )}
    </PostFormShell>
  );
}
