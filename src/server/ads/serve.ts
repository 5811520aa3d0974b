// The ad slots' answers (issue 17): promoted posts picked by select.ts, hydrated with the page
// they go on (one hydration for the posts and their ads).
import { ADS, type PeeprAd } from '../../shared/ads/types';
import type { PostView } from '../../shared/posts/types';
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { hydratePosts } from '../hydration/hydrator';
import { countHits, sweep } from '../limits/rate-limit';
import { postViews } from '../hydration/post-views';
import { serveAds } from './select';

export const READER_RULE = { name: 'ad-impressions', limit: ADS.perReaderPerHour, windowMs: 3_600_000 };

/** Who asks for ads: the viewer, and the address (the cap's subject when logged out). */
export interface AdReader {
  viewer: Viewer | null;
  address: string;
  /** The reader has safe mode on (safe-mode.ts readerSafeMode): no ad from an adult blog or of a sensitive post. */
  safeMode: boolean;
}

/**
 * Up to `slots` ads for the reader, none past the hourly cap (ADS.perReaderPerHour per account, or
 * per address when logged out; the slots are counted before serving): the counter and the pick
 * in ONE statement, a single round trip on the drawer's first page.
 */
async function pickAds(ctx: AppContext, reader: AdReader, slots: number, exclude: string[]): Promise<string[]> {
  if (slots <= 0) return [];
  await sweep(ctx.db);
  const counter = countHits([{ rule: READER_RULE, subject: adSubject(reader), cost: slots }])!;
  const request = { viewerUserId: reader.viewer?.user.id ?? null, safeMode: reader.safeMode, slots, exclude };
  return serveAds(ctx.db, request, { counter: counter.query, cost: slots, limit: READER_RULE.limit });
}

/** The cap's subject: the account, or the address when logged out. */
export const adSubject = (reader: AdReader) => (reader.viewer ? `user:${reader.viewer.user.id}` : `address:${reader.address}`);

/** One slot after every ADS.every posts of a page: a page of 25 has two, a page of 9 none. */
export const slotsFor = (postCount: number) => Math.floor(postCount / ADS.every);

/**
 * A page of posts with its ads: the page's views and `peepr_ad` (null when the page has no slot
 * or no ad was left to show: the slots are then removed).
 */
export async function pageWithAds(ctx: AppContext, reader: AdReader, pageIds: string[]): Promise<{ posts: PostView[]; peepr_ad: PeeprAd | null }> {
  const viewer = reader.viewer;
  const viewerId = viewer?.user.id ?? null;
  const adIds = await pickAds(ctx, reader, slotsFor(pageIds.length), pageIds);
  const hydrated = await hydratePosts(ctx.db, [...pageIds, ...adIds], viewerId);
  const posts = postViews(pageIds, hydrated, viewerId, ctx.config.publicUrl);
  const ads = postViews(adIds, hydrated, viewerId, ctx.config.publicUrl);
  return { posts, peepr_ad: ads.length > 0 ? { every: ADS.every, posts: ads } : null };
}

/** The side column's lrec slot: one ad, or null. */
export async function lrecAd(ctx: AppContext, reader: AdReader): Promise<PostView | null> {
  const viewer = reader.viewer;
  const viewerId = viewer?.user.id ?? null;
  const adIds = await pickAds(ctx, reader, 1, []);
  if (adIds.length === 0) return null;
  return postViews(adIds, await hydratePosts(ctx.db, adIds, viewerId), viewerId, ctx.config.publicUrl)[0] ?? null;
}
