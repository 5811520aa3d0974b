// The fetcher's limits (spec-free choices: what a link preview needs, and no more).
export const FETCH_TIMEOUT_MS = 5_000;
export const FETCH_MAX_BYTES = 1024 * 1024;
export const FETCH_MAX_REDIRECTS = 5;
export const FETCH_USER_AGENT = 'Tumbleweed-LinkPreview/1.0 (fetches link previews for posts)';
