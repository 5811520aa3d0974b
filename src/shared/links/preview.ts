// The answer of POST /svc/link/preview: the spec's Embed result (spec 1 §3) plus what the page says
// about itself, for filling in a link post.

export interface EmbedRenderContext {
  /** The media service the embed plays from (YouTube, Vimeo, ...). */
  provider: string;
  width: number;
  height: number;
}

export interface LinkPreview {
  /** Where the page was in the end, after redirects. */
  url: string;
  title: string | null;
  /** The page's own summary: a link post keeps it as its excerpt. */
  description: string | null;
  author: string | null;
  site_name: string | null;
  /** An http(s) image address, absolute. */
  thumbnail: string | null;
  /** True when the page gave nothing to show (no title, description, image or player). */
  unsupported: boolean;
  embed_render_context: EmbedRenderContext | null;
  /** The player's address, for a known video or audio service. */
  preview_iframe: string | null;
  /** The player as an iframe, for a known video or audio service. */
  embed_code: string | null;
}

/** How much of each text a preview keeps (characters). */
export const PREVIEW_LIMITS = {
  title: 300,
  description: 1000,
  author: 200,
  siteName: 100,
  url: 2000,
} as const;
