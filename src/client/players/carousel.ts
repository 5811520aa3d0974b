// Spec 2 §4 Carousel: the index runs from 0 to photoCount-1; going past either end plays a peek
// animation instead of moving; one peek plays when the carousel is first fully in view; the
// index is kept with the post (here: by post id, so a feed and a drawer showing it agree).

export interface CarouselState {
  index: number;
  count: number;
  /** The peek playing now: which way it leans. */
  peek: 'next' | 'previous' | null;
  /** The first-time-in-view peek has played. */
  introduced: boolean;
}

export type CarouselAction =
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'go'; index: number }
  | { type: 'in-view' }
  | { type: 'peek-done' };

export function carouselReducer(state: CarouselState, action: CarouselAction): CarouselState {
  switch (action.type) {
    case 'next':
      return state.index < state.count - 1 ? { ...state, index: state.index + 1, peek: null } : { ...state, peek: 'next' };
    case 'previous':
      return state.index > 0 ? { ...state, index: state.index - 1, peek: null } : { ...state, peek: 'previous' };
    case 'go':
      return Number.isInteger(action.index) && action.index >= 0 && action.index < state.count ? { ...state, index: action.index, peek: null } : state;
    case 'in-view':
      // The first peek hints that there is more: toward the next photo (or back from the last).
      if (state.introduced || state.count < 2) return state;
      return { ...state, introduced: true, peek: state.index < state.count - 1 ? 'next' : 'previous' };
    case 'peek-done':
      return state.peek ? { ...state, peek: null } : state;
  }
}

/** The index of each post's carousel, kept while the page lives. */
const indexes = new Map<string, number>();

export function initialCarousel(postId: string | undefined, count: number): CarouselState {
  const stored = postId ? (indexes.get(postId) ?? 0) : 0;
  return { index: Math.min(stored, Math.max(0, count - 1)), count, peek: null, introduced: false };
}

export function storeCarouselIndex(postId: string | undefined, index: number) {
  if (postId) indexes.set(postId, index);
}
