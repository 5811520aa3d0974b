// The browser protections every answer carries. HTML answers get a Content-Security-Policy that
// lets no inline or foreign script run and no other site frame the page (the settings page of a
// logged-in person inside an attacker's frame is a clickjacking target). A page that sets its own
// policy (the embed page, made to be framed by other sites) keeps it.
import type { FastifyInstance } from 'fastify';

export interface PagePolicyOptions {
  /** Origins (https://host) whose players posts may frame: the sanitizer's iframe allowlist. */
  frameOrigins: readonly string[];
}

/**
 * The policy of the client's pages. Scripts, styles and fonts come from the built files only: Vite
 * writes no inline script, and the CSS Modules are files. Images and audio/video may come from
 * any web address, as posts may show them (images by URL, link thumbnails, audio and video by
 * URL); data: is the favicon, blob: a photo's preview before it is uploaded. Frames only from the
 * players posts may embed and from this site (a post can embed another post's embed page).
 */
export function pagePolicy({ frameOrigins }: PagePolicyOptions): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' blob: https: http:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${frameOrigins.join(' ')}`.trim(),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const isHtml = (contentType: unknown) => typeof contentType === 'string' && /^text\/html\b/i.test(contentType);

export function installSecurityHeaders(app: FastifyInstance, options: PagePolicyOptions) {
  const policy = pagePolicy(options);
  app.addHook('onSend', async (_request, reply, payload) => {
    // Every answer, JSON and media included, is read as the type it says and never sniffed.
    reply.header('x-content-type-options', 'nosniff');
    if (isHtml(reply.getHeader('content-type')) && !reply.hasHeader('content-security-policy')) {
      reply.header('content-security-policy', policy);
      // For browsers that do not read frame-ancestors.
      reply.header('x-frame-options', 'DENY');
      // Other sites learn the origin a visitor came from, never the path (a private post's address,
      // a verification link). Embedded players need the origin: YouTube refuses to play without it.
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    return payload;
  });
}
