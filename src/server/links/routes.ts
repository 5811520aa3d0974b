import { z } from 'zod';
import { linkPreviewSchema } from '../../shared/answers/links';
import { PREVIEW_LIMITS } from '../../shared/links/preview';
import { invalidTypeMessage, POST_MESSAGES } from '../../shared/posts/messages';
import { isHttpUrl } from '../../shared/posts/urls';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import { AppError, ErrorCode } from '../http/errors';
import { LinkFetchError, type LinkFetchErrorKind } from './safe-fetch';
import { createPreviewService } from './service';

/** The address to preview, with the link form's messages (spec 1 §5): trimmed, http(s), not too long. */
const previewUrl = z.unknown().transform((url, check) => {
  if (url === undefined || url === null || (typeof url === 'string' && !url.trim())) {
    check.addIssue({ code: 'custom', message: POST_MESSAGES.noUrl });
    return z.NEVER;
  }
  if (typeof url !== 'string') {
    check.addIssue({ code: 'custom', message: invalidTypeMessage('url', 'string', url) });
    return z.NEVER;
  }
  const text = url.trim();
  if (text.length > PREVIEW_LIMITS.url || !isHttpUrl(text)) {
    check.addIssue({ code: 'custom', message: POST_MESSAGES.invalidUrl });
    return z.NEVER;
  }
  return text;
});

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

/** Link previews: one preview service (its cache and its limit of fetches at once) per process, on the app's fetcher. */
export function linkEndpoints(ctx: AppContext) {
  const previews = createPreviewService(ctx.fetcher);
  return [
    endpoint({
      method: 'POST',
      path: '/svc/link/preview',
      area: 'links',
      summary: 'What a page says about itself (title, description, image, player), for the link post form; fetched at most once in a few minutes.',
      access: 'user',
      body: z.object({ url: previewUrl }),
      answer: linkPreviewSchema,
      errors: [ErrorCode.linkRefused, ErrorCode.linkUnreachable],
      handle: async ({ body }) => {
        try {
          return await previews.preview(body.url);
        } catch (error) {
          throw error instanceof LinkFetchError ? fetchFailure(error) : error;
        }
      },
    }),
  ];
}
