// The "Posted to ..." notification: it outlives the form that saved, so it lives in a small store
// read by SaveNoticeHost, mounted once in the layout.
import { useSyncExternalStore } from 'react';
import type { SaveResponse } from '../../shared/posts/types';
import type { SubmitState } from './composer';
import { SAVE_NOTICE_DELAY_MS, SAVE_NOTICE_VISIBLE_MS } from '../post/form-constants';

export interface SaveNotice {
  id: number;
  text: string;
}

let current: SaveNotice | null = null;
let nextId = 1;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** What an edit that stays published says: it was saved, not posted again somewhere. */
export const EDIT_SAVED_TEXT = 'Your changes were saved.';

/** The sentence for a save, by the state chosen; an edit of a post that stays up says it was saved. */
export function saveNoticeText(state: SubmitState, blogName: string, mode: 'new' | 'edit' | 'reblog' = 'new'): string {
  if (mode === 'edit' && (state === 'published' || state === 'private')) return EDIT_SAVED_TEXT;
  switch (state) {
    case 'draft': return 'Saved as a draft.';
    case 'queued': return 'Added to your queue.';
    case 'scheduled': return 'Scheduled.';
    case 'private': return `Posted privately to ${blogName}.`;
    case 'published': return `Posted to ${blogName}.`;
  }
}

/** The blog the server says it saved to. */
export const savedBlogName = (answer: SaveResponse, fallback: string) => answer.post_tumblelog?.name_or_id || fallback;

/** Shows `text` after the spec's delay (the form has closed by then), replacing any notice showing. */
export function showSaveNotice(text: string) {
  clearTimeout(showTimer);
  showTimer = setTimeout(() => {
    clearTimeout(hideTimer);
    current = { id: nextId++, text };
    emit();
    hideTimer = setTimeout(dismissSaveNotice, SAVE_NOTICE_VISIBLE_MS);
  }, SAVE_NOTICE_DELAY_MS);
}

export function dismissSaveNotice() {
  clearTimeout(hideTimer);
  if (!current) return;
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSaveNotice = () => useSyncExternalStore(subscribe, () => current, () => null);
