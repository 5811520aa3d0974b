// Fetches a page from a URL a person gave us, without letting that URL reach our own network.
// Every hop (the first URL and each redirect) is checked: http(s) only, and every address its host
// resolves to must be public. The connection then goes to the address that was checked, through
// a lookup that returns only it, so a second DNS answer (rebinding) cannot swap it for another.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net, { type LookupFunction } from 'node:net';
import { bareHostname, isLiteralAddress, isLocalName, isPublicAddress } from './addresses';
import { fail, FETCH_MESSAGES, LinkFetchError, networkError, timeoutError } from './fetch-errors';
import { FETCH_MAX_BYTES, FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS, FETCH_USER_AGENT } from './limits';
import { contentType, readCapped } from './read-body';

export { FETCH_MAX_BYTES, FETCH_MAX_REDIRECTS, FETCH_TIMEOUT_MS, FETCH_USER_AGENT } from './limits';
export { FETCH_MESSAGES, LinkFetchError, type LinkFetchErrorKind } from './fetch-errors';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address a host name has (dns.lookup with all: true); tests stub it. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeFetcherOptions {
  /**
   * Test only: host:port pairs whose address is not checked (a server on 127.0.0.1 started by a
   * test). Nothing sets it outside tests; redirects elsewhere are checked as usual.
   */
  allowHosts?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolve?: Resolver;
}

/** A URL that passed the checks, and the one address the connection is made to. */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: number;
}

export interface FetchedPage {
  /** Where the page was in the end, after redirects. */
  url: string;
  status: number;
  /** The media type, lower case, without parameters ('' when the server did not say). */
  mimeType: string;
  charset: string | null;
  /** The body of an HTML page, at most maxBytes; empty for anything else (it is not read). */
  body: Buffer;
  truncated: boolean;
  redirects: number;
}

export interface SafeFetcher {
  /** Parses and checks a URL (DNS included) without connecting. */
  check(url: string): Promise<CheckedTarget>;
  fetch(url: string): Promise<FetchedPage>;
  /**
   * A JSON document (ActivityPub, WebFinger): sent `accept`, and the body is read when the answer
   * is one of `types` (JSON media types), at most maxBytes; anything else has an empty body.
   */
  fetchDocument(url: string, options: Wanted): Promise<FetchedPage>;
}

/** What a page fetch asks for and reads. */
interface Wanted {
  accept: string;
  types: ReadonlySet<string>;
  /** Who is asking (the link previewer's words by default). */
  userAgent?: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const PAGE: Wanted = { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', types: HTML_TYPES };

const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map(({ address, family }) => ({ address, family }));
};

/** A web URL with nothing we would not send: no user name or password, no fragment. */
function webUrl(input: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(input.trim(), base);
  } catch {
    throw base ? fail('redirects', FETCH_MESSAGES.badRedirect) : fail('invalid-url', FETCH_MESSAGES.invalidUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw fail('scheme', FETCH_MESSAGES.scheme);
  if (!url.hostname) throw fail('invalid-url', FETCH_MESSAGES.invalidUrl);
  url.username = '';
  url.password = '';
  url.hash = '';
  return url;
}

const defaultPort = (url: URL) => (url.protocol === 'https:' ? '443' : '80');
const hostAndPort = (url: URL) => `${url.hostname}:${url.port || defaultPort(url)}`.toLowerCase();

/** Rejects with the timeout once the deadline passes, for steps that cannot be cancelled (DNS). */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(timeoutError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(timeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

type Hop =
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; status: number; mimeType: string; charset: string | null; body: Buffer; truncated: boolean };

/** One GET to the checked address. No cookies are sent, and none are kept from the answer. */
function requestOnce(target: CheckedTarget, signal: AbortSignal, maxBytes: number, wanted: Wanted): Promise<Hop> {
  const { url, address, family } = target;
  // The connection goes to the checked address whatever the name resolves to by now.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
  const secure = url.protocol === 'https:';
  return new Promise<Hop>((resolve, reject) => {
    const req = (secure ? https : http).request({
      hostname: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || defaultPort(url)),
      path: `${url.pathname}${url.search}`,
      method: 'GET',
      headers: {
        host: url.host,
        'user-agent': wanted.userAgent ?? FETCH_USER_AGENT,
        accept: wanted.accept,
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en;q=1, *;q=0.5',
      },
      // A fresh connection per request: no pooled socket from another lookup is reused.
      agent: false,
      lookup: pinned,
      signal,
    });
    req.on('error', (error) => reject(networkError(error)));
    req.on('response', (res) => {
      res.on('error', () => {}); // reported through the request or readCapped
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.destroy();
        const location = res.headers.location;
        if (location) resolve({ kind: 'redirect', location });
        else reject(fail('redirects', FETCH_MESSAGES.badRedirect));
        return;
      }
      if (status < 200 || status >= 300) {
        res.destroy();
        reject(fail('http-status', FETCH_MESSAGES.status(status)));
        return;
      }
      const { mimeType, charset } = contentType(res.headers['content-type']);
      if (!wanted.types.has(mimeType)) {
        // Only what was asked for is read: an image or a file is known by its type alone.
        res.destroy();
        resolve({ kind: 'page', status, mimeType, charset, body: Buffer.alloc(0), truncated: false });
        return;
      }
      readCapped(res, maxBytes).then(
        ({ body, truncated }) => resolve({ kind: 'page', status, mimeType, charset, body, truncated }),
        reject,
      );
    });
    req.end();
  });
}

export function createSafeFetcher(options: SafeFetcherOptions = {}): SafeFetcher {
  const allowHosts = new Set((options.allowHosts ?? []).map((h) => h.toLowerCase()));
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FETCH_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? FETCH_MAX_REDIRECTS;
  const resolveHost = options.resolve ?? systemResolver;

  async function checkUrl(url: URL, signal: AbortSignal): Promise<CheckedTarget> {
    const allowed = allowHosts.has(hostAndPort(url));
    const host = bareHostname(url.hostname);
    if (isLiteralAddress(url.hostname)) {
      if (!allowed && !isPublicAddress(host)) throw fail('refused', FETCH_MESSAGES.refused);
      return { url, address: host, family: net.isIP(host) };
    }
    if (!allowed && isLocalName(host)) throw fail('refused', FETCH_MESSAGES.refused);
    let found: ResolvedAddress[];
    try {
      found = await beforeDeadline(resolveHost(host), signal);
    } catch (error) {
      if (error instanceof LinkFetchError) throw error;
      throw fail('not-found', FETCH_MESSAGES.notFound);
    }
    if (found.length === 0) throw fail('not-found', FETCH_MESSAGES.notFound);
    // Any one private answer refuses the name: which one a connection would use is not ours to pick.
    if (!allowed && found.some((a) => !isPublicAddress(a.address))) throw fail('refused', FETCH_MESSAGES.refused);
    const first = found[0]!;
    return { url, address: bareHostname(first.address), family: first.family };
  }

  /** Runs work under one deadline for the whole fetch (DNS, redirects and body together). */
  async function withDeadline<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      return await work(controller.signal);
    } catch (error) {
      throw controller.signal.aborted ? timeoutError() : error;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    check: (input) => withDeadline((signal) => checkUrl(webUrl(input), signal)),
    fetch: (input) => fetchWanted(input, PAGE),
    fetchDocument: (input, wanted) => fetchWanted(input, wanted),
  };

  function fetchWanted(input: string, wanted: Wanted): Promise<FetchedPage> {
    return withDeadline(async (signal) => {
      let url = webUrl(input);
      for (let redirects = 0; ; redirects++) {
        const target = await checkUrl(url, signal);
        const hop = await requestOnce(target, signal, maxBytes, wanted);
        if (hop.kind === 'page') {
          const { kind: _kind, ...page } = hop;
          return { ...page, url: target.url.href, redirects };
        }
        if (redirects >= maxRedirects) throw fail('redirects', FETCH_MESSAGES.redirects);
        url = webUrl(hop.location, target.url);
      }
    });
  }
}
