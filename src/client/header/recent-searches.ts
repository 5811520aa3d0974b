// The desktop header's recent searches: a few, newest first, kept in this browser only.

const KEY = 'tumbleweed.recent-searches';
export const RECENT_SEARCHES_KEPT = 5;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // A browser that refuses storage (private mode, a policy) just has no recent searches.
    return null;
  }
}

export function readRecentSearches(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string').slice(0, RECENT_SEARCHES_KEPT) : [];
  } catch {
    return [];
  }
}

/** Puts `q` first (once, whatever its case) and keeps the newest few; answers the new list. */
export function rememberSearch(q: string): string[] {
  const text = q.trim();
  if (!text) return readRecentSearches();
  const list = [text, ...readRecentSearches().filter((item) => item.toLowerCase() !== text.toLowerCase())].slice(0, RECENT_SEARCHES_KEPT);
  try {
    storage()?.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused: the search still goes.
  }
  return list;
}

export function clearRecentSearches(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
