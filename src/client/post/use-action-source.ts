import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { actionSource, type ActionSource } from './action-source';

/** True inside the blog viewer drawer: its likes and replies are peepr's (spec 1 §2). */
export const InDrawerContext = createContext(false);

/** The source of a like or reply made on this page; a form or viewer over a page names it in its state. */
export function useActionSource(): ActionSource {
  const { pathname, state } = useLocation();
  const inDrawer = useContext(InDrawerContext);
  const base = (state as { base?: unknown } | null)?.base;
  return actionSource(pathname, typeof base === 'string' ? base : null, inDrawer);
}
