import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import type { UserRow } from '../db/tables/user';
import type { SessionOrigin } from '../account/device';
import { SIGNED_IN_COOKIE } from '../../shared/signed-in-cookie';
import { badFormKey, notLoggedIn } from './errors';
import { assertSameSite } from './same-site';
import { hashToken, newToken, sameSecret } from './tokens';

export const SESSION_COOKIE = 'sid';
const SESSION_DAYS = 30;
/** The sessions list's "last used" is written at most this often per session. */
export const LAST_USED_EVERY_MS = 5 * 60_000;

export interface Viewer {
  user: UserRow;
  sessionId: string;
  formKey: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    viewer: Viewer | null;
  }
  interface FastifyContextConfig {
    /** false: this route may be called without a form key (only login and register), from this site's pages only. */
    formKey?: boolean;
    /** The path holds a secret (an emailed token): log the route pattern, not the path. */
    secretInPath?: boolean;
    /** false: no session lookup (the route authenticates otherwise, as /services/poll does with its token). */
    session?: boolean;
    /**
     * true: the route reads its session and checks the form key inside its own statement (the
     * behaviour log's one round trip per batch); both hooks below leave it alone. Such a route
     * calls sessionCredentials() first and answers 401/403 itself.
     */
    sessionInRoute?: boolean;
    /**
     * true: a federation route (federation/fedify-routes.ts). Other servers call it, proven by their HTTP
     * signature, which Fedify checks; no cookie session is read and no form key asked for.
     */
    signedByServer?: boolean;
  }
}

export async function startSession(ctx: AppContext, reply: FastifyReply, userId: string, origin?: SessionOrigin): Promise<Viewer> {
  const token = newToken();
  const formKey = newToken(16);
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await ctx.db
    .insertInto('sessions')
    .values({
      id: hashToken(token),
      user_id: userId,
      form_key: formKey,
      expires_at: expiresAt,
      ...(origin ? { device: origin.device, address_hash: origin.addressHash } : {}),
    })
    .execute();
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx, expiresAt), httpOnly: true });
  setSignedInHint(ctx, reply, expiresAt);
  const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return { user, sessionId: hashToken(token), formKey };
}

const cookieOptions = (ctx: AppContext, expires: Date) => ({ path: '/', sameSite: 'lax', secure: ctx.config.publicUrl.startsWith('https:'), expires }) as const;

/** The page's hint that a session may be here (shared/signed-in-cookie.ts): no secret in it. */
function setSignedInHint(ctx: AppContext, reply: FastifyReply, expires: Date) {
  reply.setCookie(SIGNED_IN_COOKIE, '1', cookieOptions(ctx, expires));
}

export async function endSession(ctx: AppContext, reply: FastifyReply, viewer: Viewer | null) {
  if (viewer) await ctx.db.deleteFrom('sessions').where('id', '=', viewer.sessionId).execute();
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(SIGNED_IN_COOKIE, { path: '/' });
}

const sessionWithUser = compileOnce((db: Db, sessionId: string, now: Date) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.form_key', 'sessions.last_used_at'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now),
);

/**
 * For a sessionInRoute route: the session id (the cookie's hash) and the form key sent, or the
 * same 401 and 403 the hooks give when either is missing. Whether they are right is the route's
 * statement's to say (sessions.id and a form_key compared as hashes, so the time taken tells nothing).
 */
export function sessionCredentials(request: FastifyRequest): { sessionId: string; formKey: string } {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw notLoggedIn();
  const body = request.body as Record<string, unknown> | null | undefined;
  const sent = request.headers['x-form-key'] ?? (body && typeof body === 'object' ? body.form_key : undefined);
  if (typeof sent !== 'string') throw badFormKey();
  return { sessionId: hashToken(token), formKey: sent };
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Loads the viewer from the session cookie, then holds every change to the form-key rule. */
export function installSessions(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('viewer', null);

  app.addHook('onRequest', async (request, reply) => {
    const { config } = request.routeOptions;
    if (config.session === false || config.sessionInRoute || config.signedByServer) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const sessionId = hashToken(token);
    const [row] = await sessionWithUser(ctx.db, sessionId, new Date());
    if (!row) return;
    const { form_key, last_used_at, ...user } = row;
    request.viewer = { user, sessionId, formKey: form_key };
    // A session made before the hint existed (or a browser that lost it): the page's answer brings it
    // back, or the page would take its visitor for logged out. It outlives the session, never the reverse.
    if (!request.cookies[SIGNED_IN_COOKIE]) setSignedInHint(ctx, reply, new Date(Date.now() + SESSION_DAYS * 86_400_000));
    // The sessions list's "last used": written at most once per interval, not on every request.
    if (Date.now() - last_used_at.getTime() > LAST_USED_EVERY_MS) {
      await ctx.db.updateTable('sessions').set({ last_used_at: new Date() }).where('id', '=', sessionId).execute();
    }
  });

  // preValidation: the body is parsed by now, so a form_key field can be read from it.
  app.addHook('preValidation', async (request) => {
    if (!MUTATING.has(request.method) || request.is404 || request.routeOptions.config.sessionInRoute || request.routeOptions.config.signedByServer) return;
    // No form key to prove the page is ours: the browser's word on where the request comes from.
    if (request.routeOptions.config.formKey === false) return assertSameSite(request, ctx.config.publicUrl);
    // No session: nothing to forge a request for, and the person needs to log in (spec 1 §8 reads
    // a post action's 401 as "technical trouble", a 403 as forbidden; logged out is the former).
    if (!request.viewer) throw notLoggedIn();
    const body = request.body as Record<string, unknown> | null | undefined;
    const sent = request.headers['x-form-key'] ?? (body && typeof body === 'object' ? body.form_key : undefined);
    if (typeof sent !== 'string' || !sameSecret(sent, request.viewer.formKey)) {
      throw badFormKey();
    }
  });
}
