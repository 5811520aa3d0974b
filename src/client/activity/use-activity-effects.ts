import { useEffect, useRef } from 'react';
import type { ActivityNotification } from '../../shared/activity/types';
import { useMarkActivitySeen } from '../api/activity';
import { alertDialog } from '../ui/dialogs';

/** Spec 1 §8: loading activity data fails -> the alert 'Woops :('. Once per failure. */
export const LOAD_FAILED = 'Woops :(';

export function useWoopsOnError(error: Error | null) {
  const told = useRef<Error | null>(null);
  useEffect(() => {
    if (!error || told.current === error) return;
    told.current = error;
    void alertDialog(LOAD_FAILED);
  }, [error]);
}

/**
 * Once the newest notification is on screen, the blog's activity is seen up to it: the badge
 * clears. Asked once per newest id, and only when something is unread.
 */
export function useMarkSeenWhenShown(blog: string, notifications: readonly ActivityNotification[] | undefined) {
  const markSeen = useMarkActivitySeen();
  const { mutate } = markSeen;
  const marked = useRef<string | null>(null);
  const newest = notifications?.[0];
  useEffect(() => {
    if (!newest?.unread) return;
    const key = `${blog}:${newest.id}`;
    if (marked.current === key) return;
    marked.current = key;
    mutate({ blog, id: newest.id });
  }, [blog, newest, mutate]);
}
