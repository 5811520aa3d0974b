/**
 * Spec 1 §5: source, carousel-link and CTA-link URLs get https: prepended when they have no
 * protocol (http, https, mailto and the app's own scheme are accepted) and are used only if valid.
 */
export function normalizeUserUrl(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  const withScheme = /^(https?:|mailto:|tumbleweed:)/i.test(text) ? text : `https://${text.replace(/^\/\/+/, '')}`;
  try {
    const url = new URL(withScheme);
    if (['http:', 'https:'].includes(url.protocol) && !url.hostname.includes('.') && url.hostname !== 'localhost') return null;
    return url.href;
  } catch {
    return null;
  }
}

/** The link post's URL must be http or https (spec 1 §5 'Not a valid URL'). */
export function isHttpUrl(input: string): boolean {
  try {
    const url = new URL(input.trim());
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}
