import type { GifSearchMessage, GifSearchResult } from '../../shared/search/gif';
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { readerSafeMode } from '../safe-mode';
import { gifSearchPage } from './gif-queries';
import { gifItems } from './gif-views';
import { searchWords, tsqueryTexts } from './search-words';

export interface GifSearchInput {
  q: string;
  limit: number;
  context: string | null;
}

export const EMPTY_QUERY_MESSAGE: GifSearchMessage = {
  header: 'Search for a GIF',
  body: 'Type a word, such as “cat” or “dance”, to find GIFs people have posted.',
};

/** Safe mode left out GIFs that hold the words: say so, and where to change it. */
export const SAFE_MODE_MESSAGE: GifSearchMessage = {
  header: 'Some GIFs are hidden',
  body: 'Safe Mode is on, and some GIFs for this search may contain sensitive media. Turn Safe Mode off in your account settings (/settings/account) to see them.',
};

/** POST /svc/search/inline_gif: the GIFs that match the words, best first. */
export async function searchGifs(ctx: AppContext, viewer: Viewer, input: GifSearchInput): Promise<GifSearchResult> {
  const query = input.q.trim();
  const answer = { query, limit: input.limit, loggingContext: input.context, ts: Math.floor(Date.now() / 1000) };
  if (!query) return { ...answer, media: [], message: EMPTY_QUERY_MESSAGE };
  const words = searchWords(query);
  // Only punctuation: nothing can match, and the popover says so with one of its jokes.
  if (words.length === 0) return { ...answer, media: [] };
  const page = await gifSearchPage(ctx.db, { ...tsqueryTexts(words), limit: input.limit, safeMode: await readerSafeMode(ctx.db, viewer), userId: viewer.user.id, publicUrl: ctx.config.publicUrl });
  const media = gifItems(page.rows, words, ctx.config.publicUrl);
  // Spec 1 §8: a server message replaces the joke, with 'View results anyway' when some remain.
  return { ...answer, media, ...(page.hiddenBySafeMode ? { message: SAFE_MODE_MESSAGE } : {}) };
}
