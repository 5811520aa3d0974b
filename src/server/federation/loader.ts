// Every document federation reads from another server (actors, their keys, objects, WebFinger)
// comes through our safe fetcher: http(s) only, every redirect checked, private and loopback
// addresses refused unless FEDERATION_ALLOW_PRIVATE_HOSTS names the host, a size cap and a deadline.
import { FetchError, preloadedContexts, type DocumentLoader, type RemoteDocument } from '@fedify/fedify';
import { APP_VERSION } from '../../shared/version';
import type { SafeFetcher } from '../links/safe-fetch';

export const ACTIVITY_TYPES: ReadonlySet<string> = new Set(['application/activity+json', 'application/ld+json', 'application/json', 'application/jrd+json']);
export const FEDERATION_USER_AGENT = `Tumbleweed/${APP_VERSION} (ActivityPub)`;
const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams";q=0.9, application/json;q=0.5';

/** A JSON document, or a FetchError naming why not (a refused address, a status, not JSON). */
export async function fetchJson(fetcher: SafeFetcher, url: string, accept = ACCEPT): Promise<{ url: string; json: unknown }> {
  let page;
  try {
    page = await fetcher.fetchDocument(url, { accept, types: ACTIVITY_TYPES, userAgent: FEDERATION_USER_AGENT });
  } catch (error) {
    throw new FetchError(url, error instanceof Error ? error.message : String(error));
  }
  if (page.body.length === 0) throw new FetchError(url, `Not a JSON document (${page.mimeType || 'no type'}).`);
  if (page.truncated) throw new FetchError(url, 'The document is too large.');
  try {
    return { url: page.url, json: JSON.parse(page.body.toString('utf8')) };
  } catch {
    throw new FetchError(url, 'The document is not valid JSON.');
  }
}

export function safeDocumentLoader(fetcher: SafeFetcher): DocumentLoader {
  return async (url: string): Promise<RemoteDocument> => {
    // The JSON-LD contexts everyone uses are shipped with Fedify: never fetched.
    if (url in preloadedContexts) return { contextUrl: null, document: preloadedContexts[url], documentUrl: url };
    const { url: documentUrl, json } = await fetchJson(fetcher, url);
    return { contextUrl: null, document: json, documentUrl };
  };
}
