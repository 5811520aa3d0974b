import { GIF_SEARCH, INVALID_GIF_RESPONSE, type GifItem, type GifSearchResult } from '../../shared/search/gif';
import { ApiError, apiPost } from '../api/client';

const isText = (value: unknown): value is string => typeof value === 'string';

/** An item the grid can show and the editor can insert; anything else in media is skipped. */
function isGifItem(value: unknown): value is GifItem {
  if (!value || typeof value !== 'object') return false;
  const item = value as Record<string, unknown>;
  return isText(item.mediaUrl) && item.mediaUrl !== '' && isText(item.postUrl) && isText(item.postBlog) && Array.isArray(item.postTags);
}

/**
 * Spec 1 §5: an empty or malformed answer is 'Invalid GIF search response'. The message is kept
 * only when both its parts are text.
 */
export function readGifResult(response: unknown): GifSearchResult {
  if (!response || typeof response !== 'object' || !Array.isArray((response as GifSearchResult).media)) {
    throw new ApiError(200, INVALID_GIF_RESPONSE);
  }
  const result = response as GifSearchResult;
  const message = result.message && isText(result.message.header) && isText(result.message.body) ? result.message : undefined;
  return { ...result, media: result.media.filter(isGifItem), message };
}

/**
 * POST /svc/search/inline_gif (spec 1 §7), through the API client (envelope, form key, errors).
 * The popover cancels a search when the query changes: an aborted search rejects with the
 * AbortError. A success whose body is not an envelope is as malformed as an empty answer.
 */
export async function searchGifs(q: string, signal: AbortSignal, limit: number = GIF_SEARCH.maxLimit): Promise<GifSearchResult> {
  const response = await apiPost<unknown>('/svc/search/inline_gif', { q, limit, context: 'post-form' }, signal).catch((error: unknown) => {
    if (error instanceof ApiError && error.status >= 200 && error.status < 300) return undefined;
    throw error;
  });
  return readGifResult(response);
}
