/**
 * A cookie the page's script may read, set beside the (httpOnly) session cookie and cleared with
 * it. It holds no secret, only "a session may be here": a logged-out visitor's page does not ask
 * for the user info, whose answer would be a 401 logged as an error in the browser's console.
 * The session cookie stays the only proof: a stale hint costs one 401, after which the page drops it.
 */
export const SIGNED_IN_COOKIE = 'signed_in';
