import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ExploreResponse } from '../../shared/tags';
import { FIRST_PAGE, postKeys } from '../api/posts';
import { useBlogSearch } from '../api/search';
import { explorePage } from '../api/tags';

export type SuggestionKind = 'recent' | 'blog' | 'tag';

export interface Suggestion {
  kind: SuggestionKind;
  /** What the option says. */
  label: string;
  /** Where picking it goes. */
  href: string;
  /** The search words of a recent search (they go back into the field). */
  q?: string;
}

export const BLOG_SUGGESTIONS = 5;
export const TAG_SUGGESTIONS = 4;
const TYPING_PAUSE_MS = 150;

export const searchPageHref = (q: string) => `/search?${new URLSearchParams({ q })}`;
export const tagHref = (tag: string) => `/tagged/${encodeURIComponent(tag)}`;
export const blogHref = (name: string) => `/blog/${encodeURIComponent(name)}`;

/** A tag as the tag page matches it: no leading #, spaces collapsed. */
export const asTag = (text: string) => text.replace(/^#+/, '').replace(/\s+/g, ' ').trim();

/** The words once the person pauses typing, so each key press is not a request. */
export function useSettled(text: string, ms = TYPING_PAUSE_MS): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * The tags to offer for `q`: the tag it names, then trending tags holding it. There is no site-wide
 * tag index to ask, so the trending list (explore's, shared with the explore page's cache) stands in.
 */
export function tagSuggestions(q: string, trending: readonly string[]): string[] {
  const typed = asTag(q);
  if (!typed) return [];
  const lower = typed.toLowerCase();
  const more = trending.filter((tag) => tag.toLowerCase() !== lower && tag.toLowerCase().includes(lower));
  return [typed, ...more].slice(0, TAG_SUGGESTIONS);
}

/** The combobox's options: recent searches for an empty field, blogs and tags for typed words. */
export function useSearchSuggestions(q: string, open: boolean, recent: readonly string[]): { options: Suggestion[]; loading: boolean } {
  const settled = useSettled(q.trim());
  const wanted = open && settled.length > 0;
  const blogs = useBlogSearch(settled, wanted);
  const explore = useInfiniteQuery({
    queryKey: postKeys.page('explore'),
    queryFn: ({ pageParam }) => explorePage(pageParam),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: () => undefined,
    staleTime: 60_000,
    enabled: wanted,
  });
  if (!open) return { options: [], loading: false };
  if (!q.trim()) {
    return { options: recent.map((item) => ({ kind: 'recent', label: item, href: searchPageHref(item), q: item })), loading: false };
  }
  // Nothing until the blogs have come: options arriving above the chosen one would move the choice.
  if (!settled || blogs.isPending) return { options: [], loading: true };
  const trending = (explore.data?.pages[0] as ExploreResponse | undefined)?.trending_tags.map((t) => t.tag) ?? [];
  const blogOptions: Suggestion[] = (blogs.data?.pages[0]?.blogs ?? [])
    .slice(0, BLOG_SUGGESTIONS)
    .map((blog) => ({ kind: 'blog', label: blog.name, href: blogHref(blog.name) }));
  const tagOptions: Suggestion[] = tagSuggestions(settled, trending).map((tag) => ({ kind: 'tag', label: `#${tag}`, href: tagHref(tag) }));
  return { options: [...blogOptions, ...tagOptions], loading: false };
}
