// A link preview from a fetched page: its OpenGraph/Twitter tags as plain, bounded text, its image
// as an absolute http(s) address, and a player for the media services we know.
import { PREVIEW_LIMITS, type EmbedRenderContext, type LinkPreview } from '../../shared/links/preview';
import { EMBED_PROVIDERS, embedUrlFor } from '../content/embeds';
import { htmlToPlainText } from '../content/sanitize';
import { cutText } from '../content/summary';
import { isKnownPrivateHost } from './addresses';
import { decodeBody, readPageMeta, type PageMeta } from './page-meta';
import type { FetchedPage } from './safe-fetch';
import { escapeHtml } from '../content/escape-html';

const EMBED_WIDTH = 540;
const EMBED_HEIGHT = 304;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200d\u2028\u2029\ufeff]/g;

/** Text for people: markup and control characters stripped, whitespace collapsed, cut at a word near the limit. */
export function cleanText(value: string | null, max: number): string | null {
  if (!value) return null;
  return cutText(htmlToPlainText(value).replace(CONTROL, ''), max) || null;
}

/**
 * An image address as the browser will load it: absolute, http(s), not pointing inside a network
 * (the page's own host passed the fetcher's checks already).
 */
export function thumbnailUrl(image: string | null, pageUrl: string, base: string | null): string | null {
  if (!image?.trim()) return null;
  try {
    const page = new URL(pageUrl);
    const url = new URL(image.trim(), base ? new URL(base, page) : page);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password) return null;
    if (url.host !== page.host && isKnownPrivateHost(url.hostname)) return null;
    return url.href.length <= PREVIEW_LIMITS.url ? url.href : null;
  } catch {
    return null;
  }
}

export interface EmbedParts {
  embed_render_context: EmbedRenderContext | null;
  preview_iframe: string | null;
  embed_code: string | null;
}


/** The player for a known video service's page URL, else nothing; the iframe is what the post sanitizer allows. */
export function embedFor(url: string): EmbedParts {
  const src = embedUrlFor(url);
  if (!src) return { embed_render_context: null, preview_iframe: null, embed_code: null };
  const host = new URL(src).hostname;
  const provider = EMBED_PROVIDERS.find((p) => p.hosts.includes(host))?.name ?? host;
  return {
    embed_render_context: { provider, width: EMBED_WIDTH, height: EMBED_HEIGHT },
    preview_iframe: src,
    embed_code: `<iframe src="${escapeHtml(src)}" width="${EMBED_WIDTH}" height="${EMBED_HEIGHT}" frameborder="0"></iframe>`,
  };
}

const EMPTY_META: PageMeta = { title: null, description: null, image: null, siteName: null, author: null, base: null };

/** The preview of a page we fetched (or failed to fetch, for a media URL whose player we know anyway). */
export function buildPreview(requestedUrl: string, page: FetchedPage | null): LinkPreview {
  const finalUrl = page?.url ?? requestedUrl;
  const isHtml = page !== null && page.body.length > 0;
  const meta = isHtml ? readPageMeta(decodeBody(page.body, page.charset)) : EMPTY_META;
  // A link straight to an image is its own thumbnail.
  const image = page?.mimeType.startsWith('image/') ? finalUrl : meta.image;
  const fromRequested = embedFor(requestedUrl);
  const embed = fromRequested.embed_code ? fromRequested : embedFor(finalUrl);
  const preview: LinkPreview = {
    url: finalUrl,
    title: cleanText(meta.title, PREVIEW_LIMITS.title),
    description: cleanText(meta.description, PREVIEW_LIMITS.description),
    author: cleanText(meta.author, PREVIEW_LIMITS.author),
    site_name: cleanText(meta.siteName, PREVIEW_LIMITS.siteName),
    thumbnail: thumbnailUrl(image, finalUrl, meta.base),
    unsupported: false,
    ...embed,
  };
  preview.unsupported = !preview.title && !preview.description && !preview.thumbnail && !preview.embed_code;
  return preview;
}
