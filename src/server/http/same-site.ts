import type { FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from './errors';

export const CROSS_SITE_MESSAGE =
  'This form was sent from another website, so it was refused: it could log you in to someone else’s account. ' +
  'Open this site yourself and log in or sign up on its own page.';

/**
 * Refuses a request a page of another site made the browser send. Login and registration carry
 * no form key (there is no session yet), so without this a form elsewhere could log the visitor
 * into the attacker's account and watch what they do there (login CSRF). Browsers say where a
 * request comes from in Sec-Fetch-Site, older ones in Origin; a request with neither does not
 * come from a browser page (curl, an app), and is let through.
 */
export function assertSameSite(request: FastifyRequest, publicUrl: string): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    // "none": the person did it themselves (the address bar, a bookmark).
    if (site === 'same-origin' || site === 'none') return;
    throw crossSite();
  }
  const origin = request.headers.origin;
  if (origin === undefined) return;
  // The site may be reached at another address than PUBLIC_URL (127.0.0.1, a LAN name): its own
  // pages then send the address they were loaded from, which is the Host they ask.
  const host = request.headers.host;
  if (origin === new URL(publicUrl).origin || (host && (origin === `http://${host}` || origin === `https://${host}`))) return;
  throw crossSite();
}

const crossSite = () => new AppError(403, ErrorCode.crossSite, CROSS_SITE_MESSAGE);
