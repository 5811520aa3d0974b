// Link and media addresses in the rich-text editor (spec 1 §5 "Rich-text sanitizing").

// "example.com:8080" is a host and a port, not a scheme.
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d+(?:[/?#]|$))/i;
// Browsers drop these inside URLs, so "java\tscript:" must be read as "javascript:".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const IGNORED_IN_URLS = /[\u0000-\u0020\u007F]/g;
const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const MEDIA_SCHEMES = new Set(['http', 'https']);

function isRelative(url: string): boolean {
  return /^(\/|\.\/|\.\.\/|#|\?)/.test(url);
}

function schemeOf(url: string): string | null {
  return SCHEME.exec(url.replace(IGNORED_IN_URLS, ''))?.[1].toLowerCase() ?? null;
}

/** Link protocols: http, https, mailto and relative. */
export function isAllowedHref(href: string): boolean {
  const url = href.trim();
  if (url === '') return false;
  const scheme = schemeOf(url);
  return scheme === null ? true : LINK_SCHEMES.has(scheme);
}

/** Image and embed sources: http, https, protocol-relative and relative. */
export function isAllowedMediaSrc(src: string): boolean {
  const url = src.trim();
  if (url === '') return false;
  const scheme = schemeOf(url);
  return scheme === null ? true : MEDIA_SCHEMES.has(scheme);
}

/**
 * What a person typed as an address, made usable: trimmed, and with http:// in front when it
 * has no scheme ("example.com/page"). Relative and protocol-relative addresses stay as they are.
 */
export function withScheme(input: string): string {
  const url = input.trim();
  if (url === '' || schemeOf(url) !== null || url.startsWith('//') || isRelative(url)) return url;
  return `http://${url}`;
}

/** The host a link points to, for the link bubble's {host} label. */
export function hostOf(href: string): string {
  const url = withScheme(href);
  if (schemeOf(url) === 'mailto') return url.slice('mailto:'.length).split('?')[0];
  try {
    return new URL(url, window.location.href).host || url;
  } catch {
    return url;
  }
}
