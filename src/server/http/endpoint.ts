// An endpoint declared as data: the one place that says what a route is (method and path), who may
// call it, whether it needs the form key, what it reads (zod schemas for the path, the query and the
// body) and answers (a zod schema, or a raw kind such as a page or a file), what it loads before its
// handler runs (rules/loads.ts), its rate limit and how it pages. register-endpoints.ts turns the table into
// Fastify routes once, at start; the authorization matrix, the junk-input walk and the OpenAPI
// document (http/openapi.ts) read the same table. The handler does only its own work.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import type { AppContext } from '../context';
import type { Bucket } from '../limits/rate-limit';
import type { Viewer } from './session';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call:
 * - anyone: also logged out (the viewer may be null);
 * - user: logged in (401 otherwise);
 * - verified: logged in with a verified email (401, then 403);
 * - admin: a logged-in admin (401, then 403);
 * - token: no session; the route authenticates with a token it reads itself (the polling token, an
 *   emailed link's token). Its handler answers 401 for a bad token.
 */
export type Access = 'anyone' | 'user' | 'verified' | 'admin' | 'token';

/** An answer that is not the JSON envelope: a page, a file, an event stream, a redirect, an image. */
export interface RawAnswer {
  raw: 'html' | 'file' | 'event-stream' | 'redirect' | 'svg' | 'text' | 'json';
  /** What it is, for the API description. */
  description: string;
}

/** The parsed request a loader and a handler are given. */
export interface Call<A extends Access, P, Q, B> {
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The logged-in viewer; null only for `anyone` and `token` routes. */
  viewer: A extends 'anyone' | 'token' ? Viewer | null : Viewer;
  params: P;
  query: Q;
  body: B;
}

/** Something loaded before the handler runs, by a rule (rules/loads.ts). Its refusals are its own 4xx. */
export interface Loader<C, T> {
  /** What it loads, in words for the API description ("a blog the viewer owns, named by tumblelog"). */
  describe: string;
  /** The error codes its refusals carry. */
  errors: readonly number[];
  load: (call: C) => Promise<T>;
}

/** A limit counted before the handler runs, through limits/rate-limit.ts take(): one mechanism, one wording. */
export interface RateLimit<C> {
  /** What is limited, as the 429 says it: "emails shared", "questions asked". */
  what: string;
  /** The buckets this call costs: per viewer, per address, per target... */
  buckets: (call: C) => Bucket[];
  /** The 429's code (4029 unless an area's own). */
  code?: number;
}

/** How a list pages: keyset, by a `before` cursor this server gave out (http/paging.ts). */
export type Paging = { cursor: 'before' | 'after' | 'offset'; description?: string };

export interface EndpointOptions {
  /**
   * A GET whose handler answers HEAD itself (with the length of what GET would send, without
   * reading it): registered for both methods, instead of Fastify's HEAD that runs GET and drops the body.
   */
  head?: boolean;
  /** The route reads a multipart body (uploads): registered in a scope with the multipart parser. */
  multipart?: boolean;
  /** The path holds a secret (an emailed token): the log names the route pattern, not the path. */
  secretInPath?: boolean;
  /** A smaller body limit than the app's 1 MB. */
  bodyLimit?: number;
  /**
   * The route reads its session and checks the form key in its own statement (the behaviour log's
   * one round trip per batch): the session hooks leave it alone (http/session.ts).
   */
  sessionInRoute?: boolean;
}

export interface EndpointSpec<A extends Access, P, Q, B, L extends Record<string, unknown>, R> {
  method: Method;
  path: string;
  /** The product area it belongs to (the folder's name); the API description groups by it. */
  area: string;
  /** One line: what it does. */
  summary: string;
  access: A;
  /**
   * Whether the form key must come with it: true for every POST, PUT and DELETE unless false, which
   * leaves such a call to this site's own pages (http/same-site.ts: login, registration, an ask).
   */
  formKey?: boolean;
  params?: ZodType<P>;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** The answer's `response` (inside the envelope), or a raw answer. */
  answer: ZodType<R> | RawAnswer;
  loads?: { [K in keyof L]: Loader<Call<A, P, Q, B>, L[K]> };
  rateLimit?: RateLimit<Call<A, P, Q, B>>;
  paging?: Paging;
  /** Error codes the handler itself may answer (the loaders', access and validation codes are added). */
  errors?: readonly number[];
  options?: EndpointOptions;
  handle: (call: Call<A, P, Q, B> & { loaded: L }) => Promise<R | FastifyReply | void>;
}

/** A declared endpoint with its types erased, as the table holds it. */
export type Endpoint = EndpointSpec<Access, unknown, unknown, unknown, Record<string, unknown>, unknown>;

/** Declares an endpoint; the types of the handler's input follow from the schemas and loads given. */
export function endpoint<A extends Access, P = Record<string, never>, Q = Record<string, never>, B = Record<string, never>, L extends Record<string, unknown> = Record<string, never>, R = unknown>(
  spec: EndpointSpec<A, P, Q, B, L, R>,
): Endpoint {
  // Erased for the table: register-endpoints.ts gives each handler what its own schemas parsed.
  return spec as unknown as Endpoint;
}

export const isRawAnswer = (answer: Endpoint['answer']): answer is RawAnswer => typeof (answer as RawAnswer).raw === 'string';

/** Whether a call of this endpoint must carry the form key. */
export const needsFormKey = (e: Endpoint) => e.method !== 'GET' && e.formKey !== false;
