import type { ApiErrorItem } from '../../shared/types';

/**
 * An error a person can act on. Each kind has a stable code; the message is what they read.
 * Thrown anywhere below a route, turned into the error envelope by one handler.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly items: ApiErrorItem[] = [{ code, title: message }],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const ErrorCode = {
  invalidInput: 1001,
  malformedJson: 1002,
  bodyTooLarge: 1003,
  unsupportedMediaType: 1004,
  routeNotFound: 1005,
  /** The address, or a part of it, is longer than the server reads (http/framework-errors.ts). */
  addressTooLong: 1006,
  /** The request line and headers together are larger than the server reads. */
  headersTooLarge: 1007,
  notLoggedIn: 2001,
  badFormKey: 2002,
  wrongCredentials: 2003,
  tooManyLogins: 2004,
  alreadyVerified: 2005,
  verificationThrottled: 2006,
  invalidVerification: 2007,
  /** Login or registration sent by a page of another site (http/same-site.ts). */
  crossSite: 2008,
  /** A forgot-password link that is used up, replaced by a newer one, or over an hour old. */
  invalidPasswordReset: 2009,
  emailTaken: 3001,
  blogNameTaken: 3002,
  blogNotFound: 3003,
  tooManyBlogs: 3004,
  /** Deleting an account's only blog alone (leaving/delete.ts): delete the account instead. */
  lastBlog: 3005,
  /** An export of this account is already being made (leaving/export.ts). */
  exportInProgress: 3006,
  /** The name of a blog deleted within the quarantine (leaving/quarantine.ts). */
  blogNameHeld: 3007,
  forbidden: 4003,
  /** Two-factor login is on: send the login again with tfa_code (account/tfa.ts). */
  tfaRequired: 4011,
  notFound: 4004,
  /** One of the two blogs blocked the other (blocks/queries.ts). */
  blocked: 4005,
  /** The action does not apply to this post or blog (liking your own post, replies closed, ...). */
  notAllowed: 4006,
  /** The acting blog is suspended: it reaches nobody (visibility.ts, `assertMayReach`). */
  suspended: 4007,
  /** A whole queue order sent from a queue that has changed since (issue 24, posts/queue-order.ts). */
  queueChanged: 4009,
  /** Too many of one action in a period (emailed shares per hour, ...). */
  rateLimited: 4029,
  /** A link preview's address is not a web address, or points inside a private network. */
  linkRefused: 6001,
  /** A link preview's site could not be fetched (no such site, an error, too slow). */
  linkUnreachable: 6002,
  internal: 5000,
  /** The database is not reachable, or dropped the connection mid-request: try again shortly. */
  unavailable: 5003,
} as const;

export const notLoggedIn = () => new AppError(401, ErrorCode.notLoggedIn, 'You need to log in to do that.');

export const badFormKey = () =>
  new AppError(403, ErrorCode.badFormKey, 'This form has expired or did not come from this site. Reload the page and try again.');

export const invalidField = (field: string, message: string) =>
  new AppError(400, ErrorCode.invalidInput, message, [{ code: ErrorCode.invalidInput, title: message, field }]);

/** A post that does not exist or is hidden from the viewer: the same answer, so hiding leaks nothing. */
export const postNotFound = () => new AppError(404, ErrorCode.notFound, 'There is no such post, or it is not yours to see.');

export const blogNotFound = (name: string) =>
  new AppError(404, ErrorCode.blogNotFound, `There is no blog named "${name}".`, [
    { code: ErrorCode.blogNotFound, title: `There is no blog named "${name}".`, field: 'tumblelog' },
  ]);

export const conflict = (code: number, field: string, message: string) =>
  new AppError(409, code, message, [{ code, title: message, field }]);

/** Retry-After, in seconds: a restart or failover of the database usually takes about this long. */
const DATABASE_RETRY_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError(
    503,
    ErrorCode.unavailable,
    'The database is not reachable right now. Nothing was changed; please try again in a moment.',
    undefined,
    { 'retry-after': String(DATABASE_RETRY_SECONDS) },
  );
