// Fedify's routes on our Fastify app. They are not declared endpoints (Fedify answers them, in
// ActivityPub's JSON-LD rather than our envelope); this list is where they are named, and the
// route-table tests accept exactly these (FEDERATION_ROUTES). Bodies reach Fedify as the bytes
// that were sent, which the signature's digest covers.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/envelope';
import { AppError, ErrorCode } from '../http/errors';
import { clientAddress } from '../limits/client-address';
import { refuse, take, type LimitRule } from '../limits/rate-limit';
import type { Fed, FederationData } from './data';
import { isDomainBlocked } from './blocked';
import { FEDERATION_MESSAGES } from '../../shared/federation/types';

/** An inbox delivery larger than this is refused (a post with its HTML is a few kilobytes). */
export const INBOX_BODY_LIMIT = 256 * 1024;

/**
 * Deliveries from one server, counted before Fedify fetches a key or verifies anything (the costly
 * part): a busy server sends a few a second; a flood waits. The server is the host of the keyId the
 * signature names, together with the address it comes from: a sender cannot spend another
 * server's allowance by naming it, only its own. Unsigned deliveries count by address alone.
 */
export const INBOX_RULE: LimitRule = { name: 'federation-inbox', limit: 600, windowMs: 60_000 };

/** The keyId its signature names, as a URL (draft-cavage's Signature or RFC 9421's Signature-Input). */
function keyIdOf(request: FastifyRequest): URL | null {
  const signature = [request.headers['signature'], request.headers['signature-input']].flat().filter(Boolean).join(' ');
  const keyId = /keyid="([^"]{1,2000})"/i.exec(signature)?.[1];
  return keyId && URL.canParse(keyId) ? new URL(keyId) : null;
}

/** The host name of the server that says it signed the delivery. */
const signerHost = (request: FastifyRequest) => keyIdOf(request)?.hostname ?? null;

/** The subject a delivery counts against: "{keyId host} from {address}", or the address. */
export function inboxSubject(request: FastifyRequest): string {
  const address = clientAddress(request);
  const host = keyIdOf(request)?.host;
  return host ? `${host} from ${address}` : address;
}

export const FEDERATION_ROUTES = [
  { method: 'GET', url: '/.well-known/webfinger' },
  { method: 'GET', url: '/.well-known/nodeinfo' },
  { method: 'GET', url: '/nodeinfo/2.1' },
  { method: 'GET', url: '/ap/*' },
  { method: 'POST', url: '/ap/*' },
] as const;

function toRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const body = request.method === 'POST' && Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined;
  return new Request(new URL(request.url, origin), { method: request.method, headers, body });
}

async function send(reply: FastifyReply, response: Response) {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length') reply.header(name, value);
  });
  return reply.send(Buffer.from(await response.arrayBuffer()));
}

export async function registerFederationRoutes(app: FastifyInstance, federation: Fed, data: FederationData) {
  const origin = data.app.config.publicUrl;
  await app.register(async (scope) => {
    // Activities come as application/activity+json or ld+json: kept as bytes, whatever the type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method === 'POST') {
        // A blocked server is turned away before anything of its delivery is fetched or verified.
        const signer = signerHost(request);
        if (signer && (await isDomainBlocked(data.app.db, signer))) return sendError(reply, new AppError(403, ErrorCode.forbidden, FEDERATION_MESSAGES.refusedDelivery(signer)));
        const refusal = await take(data.app.db, [{ rule: INBOX_RULE, subject: inboxSubject(request) }]);
        if (refusal) return sendError(reply, refuse(refusal, `deliveries from your server: at most ${INBOX_RULE.limit} a minute`));
      }
      const response = await federation.fetch(toRequest(request, origin), {
        contextData: data,
        onNotFound: () => new Response(null, { status: 404 }),
        onNotAcceptable: () => new Response('This address answers ActivityPub clients (Accept: application/activity+json).', { status: 406, headers: { 'content-type': 'text/plain; charset=utf-8' } }),
      });
      if (response.status === 404 && !response.headers.get('content-type')) {
        return sendError(reply, new AppError(404, ErrorCode.routeNotFound, `There is no ${request.method} ${request.url.split('?')[0]} here.`));
      }
      return send(reply, response);
    };
    for (const route of FEDERATION_ROUTES) {
      scope.route({ method: route.method, url: route.url, handler, config: { signedByServer: true } });
    }
  });
}
