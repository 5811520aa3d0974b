import { useLocation } from 'react-router';
import { actionSource, type ActionSource } from './action-source';

/** The source of a like or reply made on this page; a form or viewer over a page names it in its state. */
export function useActionSource(): ActionSource {
  const { pathname, state } = useLocation();
  const base = (state as { base?: unknown } | null)?.base;
  return actionSource(pathname, typeof base === 'string' ? base : null);
}
