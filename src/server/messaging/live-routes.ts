// The polling token's calls (spec 2 §7): /services/poll and /services/stream read no session (a
// poll must not cost a query: the token's owner and the counts come from memory, live.ts), and
// POST /svc/user/polling_token rotates the token.
import { z } from 'zod';
import { pollingTokenSchema, pollSchema } from '../../shared/answers/messaging';
import { type PollResponse } from '../../shared/messaging/api';
import { MessagingErrorCode } from '../../shared/messaging/errors';
import type { AppContext } from '../context';
import { endpoint } from '../http/endpoint';
import { AppError, ErrorCode } from '../http/errors';
import { clientAddress } from '../limits/client-address';
import { unverified } from './access';
import { rotatePollingToken } from './tokens';

const AREA = 'messaging';

const tokenQuery = z.object({
  token: z.string({ error: 'token must be your polling token (polling_token in user info).' }).min(1, 'token is empty.').max(200, 'That is not a polling token.'),
  unread_messages: z.string().optional(),
  mention_keys: z.string({ error: 'mention_keys must be the mention keys of your blogs, joined by commas.' }).max(20_000, 'Too many mention keys.').optional(),
});

const badToken = () =>
  new AppError(401, ErrorCode.notLoggedIn, 'That polling token is not valid (it may have been rotated): reload user info for the current one.');

const TOKEN_ERRORS = [ErrorCode.notLoggedIn, MessagingErrorCode.unverifiedEmail];

/** The token's user, who must have a verified email (spec 2 §6: only they get polling). */
async function pollingUser(ctx: AppContext, token: string) {
  const owner = await ctx.live.tokenOwner(token);
  if (!owner) throw badToken();
  if (!owner.verified) throw unverified();
  return owner;
}

export const liveEndpoints = [
  endpoint({
    method: 'GET',
    path: '/services/poll',
    area: AREA,
    summary: "The unread counts of the token owner's blogs, by mention key and conversation (only those with unread messages).",
    access: 'token',
    query: tokenQuery,
    answer: pollSchema,
    errors: TOKEN_ERRORS,
    handle: async ({ ctx, query }) => {
      const owner = await pollingUser(ctx, query.token);
      const unread = await ctx.live.unreadOf(owner.userId);
      const keys = (query.mention_keys ?? '').split(',').map((key) => key.trim().toLowerCase()).filter(Boolean);
      const answer: PollResponse = { unread_messages: {} };
      if (query.unread_messages !== 'false') {
        for (const key of keys.length ? keys : unread.keys()) {
          const counts = unread.get(key);
          if (counts && counts.size > 0) answer.unread_messages[key] = Object.fromEntries(counts);
        }
      }
      return answer;
    },
  }),
  endpoint({
    method: 'GET',
    path: '/services/stream',
    area: AREA,
    summary: "Server-sent events that tell the token owner's pages to poll now (unread), with a heartbeat; capped per user, address and process.",
    access: 'token',
    query: tokenQuery,
    answer: { raw: 'event-stream', description: 'text/event-stream: ready, then unread, heartbeat and superseded events.' },
    errors: [...TOKEN_ERRORS, ErrorCode.rateLimited, ErrorCode.unavailable],
    handle: async ({ ctx, request, reply, query }) => {
      const owner = await pollingUser(ctx, query.token);
      const address = clientAddress(request);
      // Refused before the stream starts, so the answer is an ordinary envelope with Retry-After.
      ctx.live.admit(address);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-content-type-options': 'nosniff',
      });
      // retry: how long a browser's EventSource waits before it reconnects after a drop.
      response.write('retry: 5000\nevent: ready\ndata: {}\n\n');
      const end = ctx.live.hold(owner.userId, address, response);
      request.raw.on('close', end);
      response.on('close', end);
      return reply;
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/user/polling_token',
    area: AREA,
    summary: 'A new polling token for the viewer; the old one fails at once, in every server process.',
    access: 'user',
    answer: pollingTokenSchema,
    handle: ({ ctx, viewer }) => rotatePollingToken(ctx, viewer),
  }),
];
