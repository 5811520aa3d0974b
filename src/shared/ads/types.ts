// Ads (issue 17; spec 2 §4 Ad loader, §9): the first-party ad provider's constants and answers.
import type { PostView } from '../posts/types';

export const ADS = {
  /** Impressions a promotion may be shown when /svc/promote names no budget. */
  defaultBudget: 1000,
  maxBudget: 1_000_000,
  /**
   * Ads one reader (an account, or an address when logged out) is served per hour; past it the
   * slots stay empty, so nobody can spend another's budget by asking in a loop.
   */
  perReaderPerHour: 300,
  /** Spec 2 §9: an ad is injected every 10 posts in the drawer. */
  every: 10,
  /** Spec 2 §9 ad loader: up to 5 checks at 1 s intervals. */
  loaderChecks: 5,
  loaderIntervalMs: 1000,
  /** Spec 2 §9: ad auto-refresh timing 10000 ms, at most 25 refreshes, ad size 300x250. */
  refreshMs: 10000,
  maxRefreshes: 25,
  width: 300,
  height: 250,
  /** Spec 2 §9: gutter width 300, margin 17 (or -65 with no right column), transition width 990. */
  gutter: 300,
  margin: 17,
  marginNoRightColumn: -65,
  transitionWidth: 990,
} as const;

export const SPONSORED_LABEL = 'Sponsored';

/** The drawer's ads for one page of posts (`peepr_ad` of GET /svc/indash_blog). */
export interface PeeprAd {
  /** An ad goes after every `every`-th post of the drawer's list. */
  every: number;
  /** Different promoted posts, one per slot of this page, in slot order; fewer than the slots when there are not enough (a slot with no ad is removed). */
  posts: PostView[];
}

/** GET /svc/ads/lrec: the side column's ad, or null (the slot is then removed). */
export interface LrecResponse {
  post: PostView | null;
}
