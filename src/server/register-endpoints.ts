// The declared endpoints (http/endpoint.ts) become Fastify routes here, once, at start. Each call then
// runs the same stages in the same order: who may call (access), the form key (session.ts's hook),
// the path, query and body through their schemas, the rate limit, the loads, and the handler, whose
// answer goes into the envelope. Nothing here is decided per request but what the request says.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodType } from 'zod';
import type { AppContext } from './context';
import { refuse, take } from './limits/rate-limit';
import { ok, parse } from './http/envelope';
import { isRawAnswer, needsFormKey, type Access, type Endpoint } from './http/endpoint';
import { AppError, ErrorCode, notLoggedIn } from './http/errors';
import type { Viewer } from './http/session';

export const adminOnly = () => new AppError(403, ErrorCode.forbidden, 'Only moderators can do that.');
export const VERIFY_FIRST =
  'Verify your email address first: the link is in the email we sent when you signed up; the dashboard can send it again.';
const unverifiedError = () => new AppError(403, ErrorCode.notAllowed, VERIFY_FIRST);

/** The viewer this access allows, or the 401 / 403 of one it does not. */
function admit(access: Access, viewer: Viewer | null): Viewer | null {
  if (access === 'anyone' || access === 'token') return viewer;
  if (!viewer) throw notLoggedIn();
  if (access === 'admin' && !viewer.user.is_admin) throw adminOnly();
  if (access === 'verified' && !viewer.user.email_verified_at) throw unverifiedError();
  return viewer;
}

const NOTHING = {};
const parser = (schema: ZodType | undefined) => (schema ? (input: unknown) => parse(schema, input) : () => NOTHING);

/** The Fastify handler of one declared endpoint, built once. */
function handlerOf(e: Endpoint, ctx: AppContext, checkAnswers: boolean) {
  const params = parser(e.params);
  const query = parser(e.query);
  const body = parser(e.body);
  const loads = Object.entries(e.loads ?? {});
  const limit = e.rateLimit;
  const answer = isRawAnswer(e.answer) ? null : e.answer;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const viewer = admit(e.access, request.viewer);
    // One call object per request: the loads fill `loaded` in place rather than copying the call.
    const call = {
      ctx,
      request,
      reply,
      viewer,
      params: params(request.params),
      query: query(request.query),
      body: body(request.body),
      loaded: {} as Record<string, unknown>,
    };
    if (limit) {
      const refusal = await take(ctx.db, limit.buckets(call));
      if (refusal) throw refuse(refusal, limit.what, limit.code);
    }
    // In order: a later load may read an earlier one's refusal first (the blog before its post).
    for (const [name, loader] of loads) call.loaded[name] = await loader.load(call);
    const result = await e.handle(call);
    if (result === reply || reply.sent || answer === null) return result;
    if (checkAnswers) assertAnswer(e, answer, result);
    return ok(result);
  };
}

/**
 * Tests only (AppOptions.checkAnswers): every JSON answer, as it goes on the wire, must match its
 * declared schema, or the call fails with a 500 naming the route and the mismatch. So each API test
 * is also a contract test of the answers it reads.
 */
function assertAnswer(e: Endpoint, schema: ZodType, result: unknown) {
  const wire = JSON.parse(JSON.stringify(result ?? null));
  const checked = schema.safeParse(wire);
  if (!checked.success) {
    throw new Error(`The answer of ${e.method} ${e.path} does not match its declared schema: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
  }
  // zod drops keys a schema does not name: a field sent but not declared is drift too.
  const extra = undeclared(wire, checked.data, 'response');
  if (extra) throw new Error(`The answer of ${e.method} ${e.path} sends ${extra}, which its declared schema does not name.`);
}

/** The first key path the wire has and the parsed answer lost, or null. */
function undeclared(wire: unknown, parsed: unknown, at: string): string | null {
  if (Array.isArray(wire) && Array.isArray(parsed)) {
    for (let i = 0; i < wire.length; i++) {
      const found = undeclared(wire[i], parsed[i], `${at}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (!wire || typeof wire !== 'object' || !parsed || typeof parsed !== 'object') return null;
  for (const [key, value] of Object.entries(wire)) {
    if (!(key in parsed)) return `${at}.${key}`;
    const found = undeclared(value, (parsed as Record<string, unknown>)[key], `${at}.${key}`);
    if (found) return found;
  }
  return null;
}

function routeOf(e: Endpoint, ctx: AppContext, checkAnswers: boolean): RouteOptions {
  return {
    method: e.options?.head ? ['GET', 'HEAD'] : e.method,
    url: e.path,
    bodyLimit: e.options?.bodyLimit,
    config: {
      // The session hooks read these (http/session.ts).
      formKey: needsFormKey(e) || e.method === 'GET' ? undefined : false,
      secretInPath: e.options?.secretInPath,
      session: e.access === 'token' ? false : undefined,
      sessionInRoute: e.options?.sessionInRoute,
      endpoint: e,
    },
    handler: handlerOf(e, ctx, checkAnswers),
  };
}

/**
 * Registers the table. Multipart endpoints share one scope with the multipart parser, so every
 * other route keeps refusing a multipart body as an unsupported type.
 */
export async function registerEndpoints(app: FastifyInstance, ctx: AppContext, table: readonly Endpoint[], checkAnswers = false) {
  const seen = new Set<string>();
  for (const e of table) {
    const key = `${e.method} ${e.path}`;
    if (seen.has(key)) throw new Error(`${key} is declared twice.`);
    seen.add(key);
  }
  for (const e of table) if (!e.options?.multipart) app.route(routeOf(e, ctx, checkAnswers));
  const uploads = table.filter((e) => e.options?.multipart);
  if (uploads.length === 0) return;
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    for (const e of uploads) scope.route(routeOf(e, ctx, checkAnswers));
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration a route was registered from (http/endpoint.ts). */
    endpoint?: Endpoint;
  }
}
