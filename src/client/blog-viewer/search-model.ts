// The in-blog search state (spec 2 §3 "Blog search state", §4 "In-blog search"): a pure reducer,
// tested without a DOM. The posts themselves are server state and live in the query cache; this
// model says which list to ask for (its key changes whenever the loaded posts must be cleared).
import { BLOG_SEARCH, type SearchPostRole, type SearchPostType, type SearchSort } from '../../shared/blog-viewer/constants';

export interface SearchModel {
  blogname: string;
  /** The submitted term; '' is no search. */
  term: string;
  /** What is typed in the field but not submitted. */
  unsetTerm: string;
  sort: SearchSort;
  post_type: SearchPostType;
  post_role: SearchPostRole;
  filter_nsfw: boolean;
  next_offset: number;
  limit: number;
  showOriginalPostsSwitch: boolean;
  showNsfwSwitch: boolean;
  /** The search bar is open. */
  active: boolean;
  /** Bumped whenever the loaded posts are cleared, so the same query asked again starts afresh. */
  generation: number;
}

export type SearchAction =
  | { type: 'typed'; text: string }
  | { type: 'submit' }
  | { type: 'pickTag'; tag: string }
  | { type: 'sort'; sort: SearchSort }
  | { type: 'postType'; postType: SearchPostType }
  | { type: 'original'; on: boolean }
  | { type: 'safeSearch'; on: boolean }
  | { type: 'pageLoaded'; nextOffset: number }
  /** The search icon; `force` opens (true) or closes (false) whatever the state. */
  | { type: 'toggle'; force?: boolean }
  | { type: 'reset' };

export function initialSearch(blogname: string, term = '', options: { showNsfwSwitch?: boolean } = {}): SearchModel {
  const trimmed = term.trim();
  return {
    blogname,
    term: trimmed,
    unsetTerm: trimmed,
    sort: 'CREATED_DESC',
    post_type: 'ANY',
    post_role: 'ANY',
    filter_nsfw: false,
    next_offset: BLOG_SEARCH.initialOffset,
    limit: BLOG_SEARCH.pageSize,
    showOriginalPostsSwitch: true,
    showNsfwSwitch: options.showNsfwSwitch ?? false,
    // Spec 2 §4: the bar opens by itself when a term is set.
    active: trimmed.length > 0,
    generation: 0,
  };
}

/** Changing term, sort, type or role: paging back to the start, loaded posts cleared. */
function restart(state: SearchModel, change: Partial<SearchModel>): SearchModel {
  return {
    ...state,
    ...change,
    next_offset: BLOG_SEARCH.initialOffset,
    limit: BLOG_SEARCH.pageSize,
    generation: state.generation + 1,
  };
}

/** A full model reset: every default back, for the same blog and switches shown. */
function fullReset(state: SearchModel): SearchModel {
  return {
    ...initialSearch(state.blogname, '', { showNsfwSwitch: state.showNsfwSwitch }),
    showOriginalPostsSwitch: state.showOriginalPostsSwitch,
    generation: state.generation + 1,
  };
}

export function searchReducer(state: SearchModel, action: SearchAction): SearchModel {
  switch (action.type) {
    case 'typed':
      return { ...state, unsetTerm: action.text };
    case 'submit':
    case 'pickTag': {
      // Spec 2 §5: a term must have length above zero to be applied.
      const term = (action.type === 'pickTag' ? action.tag : state.unsetTerm).trim();
      if (!term) return state;
      return restart(state, { term, unsetTerm: term, active: true });
    }
    case 'sort':
      return action.sort === state.sort ? state : restart(state, { sort: action.sort });
    case 'postType':
      return action.postType === state.post_type ? state : restart(state, { post_type: action.postType });
    case 'original': {
      const role: SearchPostRole = action.on ? 'ORIGINAL' : 'ANY';
      return role === state.post_role ? state : restart(state, { post_role: role });
    }
    case 'safeSearch':
      return action.on === state.filter_nsfw ? state : restart(state, { filter_nsfw: action.on });
    case 'pageLoaded':
      return { ...state, next_offset: action.nextOffset };
    case 'toggle': {
      // With a term present and no forced value, toggling clears the search.
      if (state.term && action.force === undefined) return fullReset(state);
      const active = action.force ?? !state.active;
      // On close the model resets.
      return active ? { ...state, active: true } : fullReset(state);
    }
    case 'reset':
      return fullReset(state);
  }
}

/** Fetching is skipped when next_offset is negative, and there is nothing to ask without a term. */
export const canFetchMore = (state: Pick<SearchModel, 'term' | 'next_offset'>) => state.term.length > 0 && state.next_offset >= 0;

/** Spec 2 §4: next_offset below 0 is the end of the results; with nothing found, the no-results view. */
export function resultsEnd(nextOffset: number, postsLoaded: number): 'more' | 'end' | 'none' {
  if (nextOffset >= 0) return 'more';
  return postsLoaded === 0 ? 'none' : 'end';
}

/** The query string of GET /svc/search/blog_search/{blogname}/{term} for one page. */
export function searchParams(state: Pick<SearchModel, 'limit' | 'sort' | 'post_type' | 'post_role' | 'filter_nsfw'>, nextOffset: number): string {
  const params = new URLSearchParams({
    next_offset: String(nextOffset),
    limit: String(state.limit),
    sort: state.sort,
    post_type: state.post_type,
    post_role: state.post_role,
    filter_nsfw: String(state.filter_nsfw),
  });
  return params.toString();
}

/** The cache root of one search's pages: a new one for every restart, so old posts never show. */
export function searchRoot(state: SearchModel): string {
  return `blog_search/${encodeURIComponent(state.blogname)}/${encodeURIComponent(state.term)}?${searchParams(state, 0)}&g=${state.generation}`;
}
