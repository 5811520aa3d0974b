// Messaging's HTTP surface (spec 2 §7, docs/api.md "Messaging"): the /svc/conversations calls
// with the session and form key, and /services/poll and /services/stream with the polling token.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  conversationsQuery, deleteConversationQuery, flagBody, markReadBody, reportBody, messagesQuery, oneConversationQuery, participantInfoQuery, sendBody, suggestionsQuery,
  type PollResponse,
} from '../../shared/messaging/api';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { AppError, ErrorCode } from '../http/errors';
import { requireViewer } from '../http/session';
import { unverified } from './access';
import { discardUpload, invalidImageType, readMultipartSend } from './images';
import { clientAddress } from '../limits/client-address';
import { checkUploadBytes, countUploadBytes } from '../limits/uploads';
import { uploadTempDir } from '../media/routes';
import { MessagingLive } from './live';
import { deleteMessage, markSpam, reportMessage, unblurConversation } from './safety';
import { stickerPack, stickerSvg } from './stickers';
import { participantInfo, participantSuggestions, postRecipientSuggestions } from './participants';
import { sendMessage } from './send';
import { conversationMessages, deleteConversation, listConversations, markConversationRead, oneConversation } from './service';
import { rotatePollingToken } from './tokens';

const tokenQuery = z.object({
  token: z.string({ error: 'token must be your polling token (polling_token in user info).' }).min(1, 'token is empty.').max(200, 'That is not a polling token.'),
  unread_messages: z.string().optional(),
  mention_keys: z.string({ error: 'mention_keys must be the mention keys of your blogs, joined by commas.' }).max(20_000, 'Too many mention keys.').optional(),
});

const badToken = () =>
  new AppError(401, ErrorCode.notLoggedIn, 'That polling token is not valid (it may have been rotated): reload user info for the current one.');

export function messagingRoutes(app: FastifyInstance, ctx: AppContext) {
  const { streamsPerUser, streamsPerAddress, streamsPerProcess } = ctx.config.limits;
  const live = new MessagingLive(ctx.db, ctx.bus, { perUser: streamsPerUser, perAddress: streamsPerAddress, perProcess: streamsPerProcess });
  // Streams end before the server waits for requests in flight, or shutdown would wait for them.
  app.addHook('preClose', async () => live.endStreams());
  app.addHook('onClose', async () => live.close());

  /** The token's user, who must have a verified email (spec 2 §6: only they get polling). */
  async function pollingUser(query: unknown) {
    const input = parse(tokenQuery, query);
    const owner = await live.tokenOwner(input.token);
    if (!owner) throw badToken();
    if (!owner.verified) throw unverified();
    return { owner, input };
  }

  // No session lookup: the token authenticates these, and a poll must not cost a query.
  app.get('/services/poll', { config: { session: false } }, async (request) => {
    const { owner, input } = await pollingUser(request.query);
    const unread = await live.unreadOf(owner.userId);
    const keys = (input.mention_keys ?? '').split(',').map((key) => key.trim().toLowerCase()).filter(Boolean);
    const answer: PollResponse = { unread_messages: {} };
    if (input.unread_messages !== 'false') {
      for (const key of keys.length ? keys : unread.keys()) {
        const counts = unread.get(key);
        if (counts && counts.size > 0) answer.unread_messages[key] = Object.fromEntries(counts);
      }
    }
    return ok(answer);
  });

  app.get('/services/stream', { config: { session: false } }, async (request, reply: FastifyReply) => {
    const { owner } = await pollingUser(request.query);
    const address = clientAddress(request);
    // Refused before the stream starts, so the answer is an ordinary envelope with Retry-After.
    live.admit(address);
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
    const end = live.hold(owner.userId, address, response);
    request.raw.on('close', end);
    response.on('close', end);
  });

  app.get('/svc/conversations', async (request) => {
    const viewer = requireViewer(request);
    return ok(await listConversations(ctx, viewer, parse(conversationsQuery, request.query)));
  });

  app.get('/svc/conversations/messages', async (request) => {
    const viewer = requireViewer(request);
    return ok(await conversationMessages(ctx, live, viewer, parse(messagesQuery, request.query)));
  });

  // Multipart is parsed in this scope only (an image message); form and JSON sends work as before.
  // A multipart send carries its form key in the X-Form-Key header.
  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: true });
    scope.post('/svc/conversations/messages', async (request, reply) => {
      const viewer = requireViewer(request);
      if (!request.isMultipart()) return ok(await sendMessage(ctx, live, viewer, parse(sendBody, request.body)));
      let read;
      try {
        // An image message spends the day's upload bytes that post uploads spend too.
        await checkUploadBytes(ctx, viewer.user.id);
        read = await readMultipartSend(request, ctx.config.media.maxMessageImageBytes, uploadTempDir(ctx));
      } catch (error) {
        // The rest of a refused body is not read: the connection closes after the answer.
        reply.header('connection', 'close');
        throw error;
      }
      try {
        if (read.upload) await countUploadBytes(ctx, viewer.user.id, read.upload.bytes);
        const input = parse(sendBody, { type: 'IMAGE', ...read.fields });
        if (input.type === 'IMAGE' && !read.upload) throw invalidImageType();
        const answer = await sendMessage(ctx, live, viewer, input, read.upload);
        // Spec 2 §5: the answer names the image at the top as well.
        return ok({ ...answer, images: answer.messages.data[0]?.images ?? [] });
      } finally {
        await discardUpload(read.upload);
      }
    });
  });

  app.delete('/svc/conversations/messages/:message_id', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(reportBody, { ...(request.query as object), ...(request.params as object) });
    return ok(await deleteMessage(ctx, live, viewer, input));
  });

  app.post('/svc/conversations/report', async (request) => {
    const viewer = requireViewer(request);
    return ok(await reportMessage(ctx, viewer, parse(reportBody, request.body)));
  });

  app.post('/svc/conversations/flag', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(flagBody, request.body);
    return ok(input.type === 'unblur' ? await unblurConversation(ctx, viewer, input) : await markSpam(ctx, live, viewer, input));
  });

  app.get('/svc/conversations/stickers', async (request) => {
    requireViewer(request);
    return ok({ stickers: stickerPack(ctx.config.publicUrl) });
  });

  // The drawings are the product's own and the same for everyone: no session needed.
  app.get('/svc/stickers/:file', { config: { session: false } }, async (request, reply) => {
    const file = (request.params as { file: string }).file;
    const svg = /^[a-z0-9-]{1,40}\.svg$/.test(file) ? stickerSvg(file.slice(0, -4)) : undefined;
    if (!svg) throw new AppError(404, ErrorCode.notFound, 'There is no such sticker.');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      // An SVG opened on its own runs nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);
  });

  app.delete('/svc/conversations/messages', async (request) => {
    const viewer = requireViewer(request);
    return ok(await deleteConversation(ctx, live, viewer, parse(deleteConversationQuery, request.query)));
  });

  app.get('/svc/conversations/conversation', async (request) => {
    const viewer = requireViewer(request);
    return ok(await oneConversation(ctx, viewer, parse(oneConversationQuery, request.query)));
  });

  app.post('/svc/conversations/read', async (request) => {
    const viewer = requireViewer(request);
    return ok(await markConversationRead(ctx, live, viewer, parse(markReadBody, request.body)));
  });

  app.get('/svc/conversations/participant_info', async (request) => {
    const viewer = requireViewer(request);
    return ok(await participantInfo(ctx, viewer, parse(participantInfoQuery, request.query)));
  });

  app.get('/svc/conversations/participant_suggestions', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(suggestionsQuery, request.query);
    const forPost = input.flag === 'post' && !input.q?.trim();
    return ok(forPost ? await postRecipientSuggestions(ctx, viewer, input) : await participantSuggestions(ctx, viewer, input));
  });

  app.post('/svc/user/polling_token', async (request) => {
    const viewer = requireViewer(request);
    return ok(await rotatePollingToken(ctx, live, viewer));
  });
}
