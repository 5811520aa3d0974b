// Which iframes a post may carry, and how a media service URL becomes an embed URL.
// Kept as data so the list can be reviewed (and extended) without touching the sanitizer.

export interface EmbedProvider {
  name: string;
  /** Exact host names (no subdomain wildcards: a wildcard would let any user-controlled subdomain in). */
  hosts: readonly string[];
  /** The player's path prefix, compared against the normalised path, so `/embed/../watch` does not pass. */
  pathPrefix: string;
}

export const EMBED_PROVIDERS: readonly EmbedProvider[] = [
  // www.youtube-nocookie.com is the host YouTube's own "privacy-enhanced" embed code uses.
  { name: 'YouTube', hosts: ['youtube.com', 'www.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com'], pathPrefix: '/embed/' },
  { name: 'Vimeo', hosts: ['player.vimeo.com'], pathPrefix: '/' },
  { name: 'Dailymotion', hosts: ['www.dailymotion.com'], pathPrefix: '/embed/' },
  { name: 'SoundCloud', hosts: ['w.soundcloud.com'], pathPrefix: '/player/' },
  { name: 'Spotify', hosts: ['open.spotify.com'], pathPrefix: '/embed/' },
  { name: 'Bandcamp', hosts: ['bandcamp.com'], pathPrefix: '/EmbeddedPlayer/' },
];

/** The origins of the providers' players, for the frame-src of a Content-Security-Policy. */
export const EMBED_PROVIDER_ORIGINS: readonly string[] = [...new Set(EMBED_PROVIDERS.flatMap((p) => p.hosts.map((host) => `https://${host}`)))];

/** Our own embeddable post pages: relative, or on the site's own host. */
export const OWN_EMBED_PATH_PREFIX = '/embed/post/';

// Placeholder origin for resolving relative iframe sources; `.invalid` can never be a real host.
const RELATIVE_BASE = 'https://relative.invalid';

function hostOf(ownHost: string): string {
  // Accept either a bare host ("example.com:3000") or the whole PUBLIC_URL.
  if (ownHost.includes('://')) {
    try {
      return new URL(ownHost).host.toLowerCase();
    } catch {
      return '';
    }
  }
  return ownHost.trim().toLowerCase();
}

/**
 * True when an iframe with this (already entity-decoded) src may stay in a post: https on a known
 * provider's player path, or one of our own embed pages (relative, or on `ownHost`).
 */
export function isAllowedIframeSrc(src: string, ownHost?: string): boolean {
  // Browsers silently drop tabs/newlines and treat `\` as `/` in URLs; refusing them outright means
  // the string we check is the string the browser loads.
  // eslint-disable-next-line no-control-regex
  if (!src || /[\u0000-\u0020\u007f-\u009f\\]/.test(src)) return false;

  if (src.startsWith('/')) {
    if (src.startsWith('//')) return false; // protocol-relative: not necessarily https
    const url = new URL(src, RELATIVE_BASE);
    return url.origin === RELATIVE_BASE && url.pathname.startsWith(OWN_EMBED_PATH_PREFIX);
  }

  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  // url.host includes a non-default port, so a port must be part of ownHost to match it.
  if (ownHost && url.host === hostOf(ownHost)) {
    return url.pathname.startsWith(OWN_EMBED_PATH_PREFIX);
  }
  return !url.port && EMBED_PROVIDERS.some((p) => p.hosts.includes(url.hostname) && url.pathname.startsWith(p.pathPrefix));
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com',
  'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);
const DAILYMOTION_HOSTS = new Set(['dailymotion.com', 'www.dailymotion.com', 'touch.dailymotion.com']);

/** "90", "90s", "1m30s", "1h2m3s" -> seconds; anything else -> null. */
function parseStartTime(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+s?$/.test(value)) return Number.parseInt(value, 10);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!m || !(m[1] || m[2] || m[3])) return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function youtubeEmbed(url: URL, segments: string[]): string | null {
  let id: string | null = null;
  if (url.hostname === 'youtu.be') id = segments[0] ?? null;
  else if (segments[0] === 'watch') id = url.searchParams.get('v');
  else if (['embed', 'shorts', 'live', 'v', 'e'].includes(segments[0] ?? '')) id = segments[1] ?? null;
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = parseStartTime(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return `https://www.youtube.com/embed/${id}${start ? `?start=${start}` : ''}`;
}

function vimeoEmbed(url: URL, segments: string[]): string | null {
  // Unlisted videos: vimeo.com/<id>/<hash> needs the hash as ?h= to play.
  let hash: string | null = url.searchParams.get('h');
  let id: string | undefined;
  if (segments.length === 2 && /^\d+$/.test(segments[0]) && /^[0-9a-f]+$/i.test(segments[1])) {
    [id, hash] = segments;
  } else {
    // vimeo.com/<id>, /channels/<name>/<id>, /groups/<name>/videos/<id>, /album/<n>/video/<id>,
    // player.vimeo.com/video/<id>: the video is the last all-digit segment.
    id = segments.filter((s) => /^\d+$/.test(s)).at(-1);
  }
  if (!id) return null;
  return `https://player.vimeo.com/video/${id}${hash && /^[0-9a-f]+$/i.test(hash) ? `?h=${hash}` : ''}`;
}

function dailymotionEmbed(url: URL, segments: string[]): string | null {
  let id: string | null = null;
  if (url.hostname === 'dai.ly') id = segments[0] ?? null;
  else if (segments[0] === 'video') id = segments[1] ?? null;
  else if (segments[0] === 'embed' && segments[1] === 'video') id = segments[2] ?? null;
  // Old page URLs carry a slug: /video/x7tgad0_some-title
  id = id?.split('_')[0] ?? null;
  if (!id || !/^[a-zA-Z0-9]+$/.test(id)) return null;
  return `https://www.dailymotion.com/embed/video/${id}`;
}

/**
 * The https embed URL for a YouTube, Vimeo or Dailymotion page URL, worked out offline from the URL
 * alone; null for anything else. A missing scheme is tolerated because people paste "youtu.be/...".
 */
export function embedUrlFor(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  if (host === 'youtu.be' || YOUTUBE_HOSTS.has(host)) return youtubeEmbed(url, segments);
  if (VIMEO_HOSTS.has(host)) return vimeoEmbed(url, segments);
  if (host === 'dai.ly' || DAILYMOTION_HOSTS.has(host)) return dailymotionEmbed(url, segments);
  return null;
}
