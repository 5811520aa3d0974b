import { useEffect, useSyncExternalStore } from 'react';

/**
 * What the page on screen asks of the header (spec 1 §2, spec 2 §9): an optional title for the
 * mobile bar, the transparent mode (the bar shows the page's own top until the page is
 * scrolled and the bar sticks) and the unstuck mode (on desktop the bar stays at the page's top and
 * scrolls away with it, instead of staying fixed over the page). UI state only, so a small store beside the header, not the query
 * cache. Each ask belongs to the page that made it: a page leaving clears only its own.
 */
export interface HeaderChrome {
  title: string | null;
  transparent: boolean;
  unstuck: boolean;
  /** The page has its own search (/search): the phone header leaves out its search row, one search a page. */
  ownSearch: boolean;
}

type Part = keyof HeaderChrome;

const NONE: HeaderChrome = { title: null, transparent: false, unstuck: false, ownSearch: false };
let chrome: HeaderChrome = NONE;
const owners: Partial<Record<Part, symbol>> = {};
const listeners = new Set<() => void>();

function set<P extends Part>(part: P, value: HeaderChrome[P], owner: symbol) {
  owners[part] = owner;
  if (chrome[part] === value) return;
  chrome = { ...chrome, [part]: value };
  listeners.forEach((listener) => listener());
}

function clear(part: Part, owner: symbol) {
  if (owners[part] !== owner) return;
  set(part, NONE[part], owner);
  delete owners[part];
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The header reads what the page asked for. */
export function useHeaderChrome(): HeaderChrome {
  return useSyncExternalStore(subscribe, () => chrome, () => NONE);
}

function usePart<P extends Part>(part: P, value: HeaderChrome[P]) {
  useEffect(() => {
    const owner = Symbol(part);
    set(part, value, owner);
    return () => clear(part, owner);
  }, [part, value]);
}

/** The mobile header's optional page title (spec 2 §2): a short name of the page, or null for none. */
export const useHeaderTitle = (title: string | null) => usePart('title', title);

/** This page wants the header transparent over its top until the bar sticks (spec 1 §2). */
export const useTransparentHeader = (on = true) => usePart('transparent', on);

/** This page wants the desktop header to scroll away with it rather than stay fixed (spec 1 §2). */
export const useUnstuckHeader = (on = true) => usePart('unstuck', on);

/**
 * This page has its own search form: on a phone the header's search row (and its filter panel,
 * which would cover the page's search card) is left out, and the bar is its one row.
 */
export const useOwnSearch = (on = true) => usePart('ownSearch', on);
