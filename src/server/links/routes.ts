import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PREVIEW_LIMITS } from '../../shared/links/preview';
import { invalidTypeMessage, POST_MESSAGES } from '../../shared/posts/messages';
import { isHttpUrl } from '../../shared/posts/urls';
import { ok, parse } from '../http/envelope';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import { requireViewer } from '../http/session';
import { LinkFetchError, type LinkFetchErrorKind, type SafeFetcher } from './safe-fetch';
import { createPreviewService } from './service';

const bodySchema = z.object({ url: z.unknown().optional() });

/** The address to preview, with the link form's messages (spec 1 §5). */
function previewUrl(body: unknown): string {
  const { url } = parse(bodySchema, body);
  if (url === undefined || url === null || (typeof url === 'string' && !url.trim())) throw invalidField('url', POST_MESSAGES.noUrl);
  if (typeof url !== 'string') throw invalidField('url', invalidTypeMessage('url', 'string', url));
  const text = url.trim();
  if (text.length > PREVIEW_LIMITS.url || !isHttpUrl(text)) throw invalidField('url', POST_MESSAGES.invalidUrl);
  return text;
}

// About the address itself: 400. About the site failing us: 502, or 504 when it was too slow.
const STATUS: Record<LinkFetchErrorKind, number> = {
  'invalid-url': 400, scheme: 400, refused: 400, 'not-found': 400,
  redirects: 502, 'http-status': 502, network: 502, timeout: 504, busy: 429,
};

function fetchFailure(error: LinkFetchError): AppError {
  const status = STATUS[error.kind];
  const code = status === 400 && error.kind !== 'not-found' ? ErrorCode.linkRefused : ErrorCode.linkUnreachable;
  const headers: Record<string, string> = error.kind === 'busy' ? { 'retry-after': '2' } : {};
  return new AppError(status, code, error.message, [{ code, title: error.message, field: 'url' }], headers);
}

/** POST /svc/link/preview: what a page says about itself, for the link post form. */
export function linkRoutes(app: FastifyInstance, fetcher: SafeFetcher) {
  const previews = createPreviewService(fetcher);

  app.post('/svc/link/preview', async (request) => {
    requireViewer(request);
    const url = previewUrl(request.body);
    try {
      return ok(await previews.preview(url));
    } catch (error) {
      throw error instanceof LinkFetchError ? fetchFailure(error) : error;
    }
  });
}
