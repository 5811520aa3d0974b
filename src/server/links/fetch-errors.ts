// How a link fetch fails: a kind the route maps to a status, and words the person can act on.
import { FETCH_MAX_REDIRECTS } from './limits';

export type LinkFetchErrorKind =
  | 'invalid-url' | 'scheme' | 'refused' | 'not-found' | 'timeout' | 'redirects' | 'http-status' | 'network' | 'busy';

/** A fetch that did not give us a page, with a message the person who gave the URL can act on. */
export class LinkFetchError extends Error {
  constructor(
    readonly kind: LinkFetchErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'LinkFetchError';
  }
}

export const FETCH_MESSAGES = {
  invalidUrl: 'Not a valid URL',
  scheme: 'Only web addresses (starting with http:// or https://) can be fetched.',
  refused: 'That address points inside a private network, so we will not fetch it.',
  notFound: 'We could not find a site at that address. Check it for typos.',
  timeout: 'The page took too long to answer.',
  redirects: `The page sent us through more than ${FETCH_MAX_REDIRECTS} redirects, so we stopped following it.`,
  badRedirect: 'The page redirected to something that is not a web address.',
  network: 'We could not connect to that site. Try again later.',
  tls: "The site's secure connection could not be verified.",
  encoding: 'The page came in an encoding we cannot read.',
  status: (status: number) => `The site answered with an error (HTTP ${status}).`,
  busy: 'Too many link previews are loading right now. Try again in a moment.',
} as const;

export const fail = (kind: LinkFetchErrorKind, message: string) => new LinkFetchError(kind, message);
export const timeoutError = () => fail('timeout', FETCH_MESSAGES.timeout);

/** A socket, TLS or DNS error in the words of FETCH_MESSAGES. */
export function networkError(error: unknown): LinkFetchError {
  if (error instanceof LinkFetchError) return error;
  const { code = '', name = '' } = (error ?? {}) as { code?: string; name?: string };
  if (name === 'AbortError' || code === 'ABORT_ERR') return timeoutError();
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') return fail('not-found', FETCH_MESSAGES.notFound);
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|HOSTNAME_MISMATCH|ERR_CERT)/.test(code)) {
    return fail('network', FETCH_MESSAGES.tls);
  }
  return fail('network', FETCH_MESSAGES.network);
}
