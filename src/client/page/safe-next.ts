/**
 * Where to go after a login, a sign-up or a follow, from a `next` the address (or the history
 * state) carries: only a page of this site, else the fallback. The browser's own URL parser
 * decides, so every spelling it reads as another site (`//evil`, `/\evil`, `https://evil`, a
 * tab or newline inside, `javascript:`) is seen for what it is, which a check of the first
 * characters is not.
 */
export function safeNext(next: string | null | undefined, fallback = '/dashboard', origin = window.location.origin): string {
  if (!next) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
