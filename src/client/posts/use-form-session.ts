// One opening of the post form, whatever holds it (the modal or an inline panel in the feed):
// what it loads, its first state, the discard confirm and the save notice. The holders differ
// only in how they show and how they close.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { POST_MESSAGES } from '../../shared/posts/messages';
import type { SaveResponse } from '../../shared/posts/types';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { useFetchPostForEdit, useFetchPostForReblog, useFormBuilderData, type PostFetchResponse } from '../api/post-form';
import { currentChannel } from '../api/user';
import { POST_TYPE_REGISTRY } from '../post/post-types';
import { alertDialog } from '../ui/dialogs';
import { createComposer, type ComposerState, type SubmitState } from './composer';
import { fromSource, type ContextPage } from './composer-payload';
import { mayDiscard } from '../post/discard';
import { contextPageOf, type FormRequest } from './form-route';
import type { FormGuard } from './PostForm';
import { saveNoticeText, savedBlogName, showSaveNotice } from './save-notice';

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

/** The form's accessible name. */
export function formLabel(request: FormRequest): string {
  if (request.mode === 'new') return `New ${POST_TYPE_REGISTRY[request.type].label.toLowerCase()} post`;
  return request.mode === 'edit' ? 'Edit post' : 'Reblog post';
}

export interface FormSession {
  initial: ComposerState | null;
  channels: Channel[];
  contextPage: ContextPage;
  failed: boolean;
  /** False once saved or dismissed (or when loading failed): the holder closes. */
  open: boolean;
  guardRef: RefObject<FormGuard | null>;
  requestDismiss: () => Promise<void>;
  onSaved: (answer: SaveResponse, state: SubmitState, blogName: string) => void;
}

export function useFormSession(request: FormRequest, info: UserInfoResponse, base: string, submitTo?: Channel): FormSession {
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

  const requestDismiss = async () => {
    if (asking.current || !open) return;
    asking.current = true;
    const discard = await mayDiscard(guardRef.current, request.mode);
    asking.current = false;
    if (discard) setClosed(true);
  };

  const onSaved = (answer: SaveResponse, state: SubmitState, blogName: string) => {
    setClosed(true);
    // The queue page is not a feed that refreshes in place: it reloads from the base route.
    if (contextPage === 'queue') {
      window.location.assign(base);
      return;
    }
    // A submission waits for the blog's owner: the server's words say so.
    showSaveNotice(submitTo ? answer.message : saveNoticeText(state, savedBlogName(answer, blogName), request.mode));
  };

  return { initial, channels, contextPage, failed, open, guardRef, requestDismiss, onSaved };
}
