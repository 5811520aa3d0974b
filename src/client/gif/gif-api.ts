import { GIF_SEARCH, INVALID_GIF_RESPONSE, type GifItem, type GifSearchResult } from '../../shared/search/gif';
import type { Envelope } from '../../shared/types';
import { ApiError, currentFormKey } from '../api/client';

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
 * POST /svc/search/inline_gif (spec 1 §7). Its own fetch rather than the shared client's: the
 * popover cancels a search when the query changes, and an empty answer has its own message.
 * An aborted search rejects with the AbortError.
 */
export async function searchGifs(q: string, signal: AbortSignal, limit: number = GIF_SEARCH.maxLimit): Promise<GifSearchResult> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  const formKey = currentFormKey();
  if (formKey) headers['x-form-key'] = formKey;
  let res: Response;
  try {
    res = await fetch('/svc/search/inline_gif', {
      method: 'POST',
      headers,
      body: JSON.stringify({ q, limit, context: 'post-form' }),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  const envelope = (await res.json().catch(() => null)) as Envelope<unknown> | null;
  if (!res.ok) {
    throw new ApiError(res.status, envelope?.meta?.msg ?? 'Sorry, we seem to be having technical trouble. Please try again later.');
  }
  return readGifResult(envelope?.response);
}
