// Messaging's HTTP surface (spec 2 §7, docs/api.md "Messaging"): the /svc/conversations calls with
// the session and form key, each acting as the viewer's own blog named by `participant` (loaded
// before the handler: access.ts actingParticipant). The polling token's calls are in live-routes.ts.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  conversationSchema, conversationDeletedSchema, conversationsPageSchema, conversationWithMessagesSchema, flaggedSchema, markedReadSchema,
  messageDeletedSchema, messageReportedSchema, participantInfoSchema, sentSchema, stickerPackSchema, suggestionsSchema,
} from '../../shared/answers/messaging';
import {
  conversationsQuery, deleteConversationQuery, flagBody, markReadBody, messagesQuery, messageTarget, oneConversationQuery, participantInfoQuery,
  reportBody, sendBody, suggestionsQuery,
} from '../../shared/messaging/api';
import { MessagingErrorCode } from '../../shared/messaging/errors';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { parse } from '../http/envelope';
import { AppError, ErrorCode } from '../http/errors';
import { beforeQuery } from '../http/paging';
import type { Viewer } from '../http/session';
import { checkUploadBytes, countUploadBytes } from '../limits/uploads';
import { uploadTempDir } from '../media/routes';
import { actingParticipant } from './access';
import { discardUpload, invalidImageType, readMultipartSend } from './images';
import { liveEndpoints } from './live-routes';
import { participantInfo, participantSuggestions, postRecipientSuggestions } from './participants';
import { deleteMessage, markSpam, reportMessage, unblurConversation } from './safety';
import { sendMessage } from './send';
import { conversationMessages, deleteConversation, listConversations, markConversationRead, oneConversation } from './service';
import { stickerPack, stickerSvg } from './stickers';

const AREA = 'messaging';
/** A call that names the acting blog as `participant` in its query or its body. */
type NamesParticipant<In extends 'query' | 'body'> = { ctx: { db: Db }; viewer: Viewer | null } & Record<In, { participant: string }>;
const inQuery = actingParticipant((call: NamesParticipant<'query'>) => call.query.participant);
const inBody = actingParticipant((call: NamesParticipant<'body'>) => call.body.participant);

/** What the send may refuse with besides validation: the spec's codes (shared/messaging/errors.ts) and the shared ones. */
const SEND_ERRORS = [
  ...Object.values(MessagingErrorCode),
  ErrorCode.forbidden, ErrorCode.notFound, ErrorCode.blogNotFound, ErrorCode.blocked, ErrorCode.notAllowed, ErrorCode.suspended,
  ErrorCode.bodyTooLarge, ErrorCode.rateLimited, ErrorCode.unavailable,
];

/**
 * An image message (spec 2 §5): multipart, the file under `data`, the form key in X-Form-Key. The
 * rest of a refused body is not read: the connection closes after the answer.
 */
async function sendImage(ctx: AppContext, viewer: Viewer, request: FastifyRequest, reply: FastifyReply) {
  let read;
  try {
    // An image message spends the day's upload bytes that post uploads spend too.
    await checkUploadBytes(ctx, viewer.user.id);
    read = await readMultipartSend(request, ctx.config.media.maxMessageImageBytes, uploadTempDir(ctx));
  } catch (error) {
    reply.header('connection', 'close');
    throw error;
  }
  try {
    if (read.upload) await countUploadBytes(ctx, viewer.user.id, read.upload.bytes);
    const input = parse(sendBody, { type: 'IMAGE', ...read.fields });
    if (input.type === 'IMAGE' && !read.upload) throw invalidImageType();
    const answer = await sendMessage(ctx, viewer, input, read.upload);
    // Spec 2 §5: the answer names the image at the top as well.
    return { ...answer, images: answer.messages.data[0]?.images ?? [] };
  } finally {
    await discardUpload(read.upload);
  }
}

const conversationEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/conversations',
    area: AREA,
    summary: "The acting blog's conversations, newest first, 10 a page (a conversation it deleted shows again with a newer message).",
    access: 'user',
    query: conversationsQuery.extend(beforeQuery.shape),
    answer: conversationsPageSchema,
    loads: { blog: inQuery },
    paging: { cursor: 'before', description: "_links.next carries the next page's before." },
    handle: ({ ctx, viewer, query, loaded }) => listConversations(ctx, viewer, loaded.blog, query),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/conversations/messages',
    area: AREA,
    summary: 'A page of a conversation\'s messages, oldest first within the page; the newest page marks the conversation read.',
    access: 'user',
    query: messagesQuery,
    answer: conversationWithMessagesSchema,
    loads: { blog: inQuery },
    paging: { cursor: 'before', description: 'before (older) and after (newer) are message ids, from _links.next and _links.previous.' },
    errors: [ErrorCode.notFound],
    handle: ({ ctx, viewer, query, loaded }) => conversationMessages(ctx, viewer, loaded.blog, query),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/conversations/messages',
    area: AREA,
    summary: 'Sends a message (text, a post, a GIF, a sticker, or an image as multipart) into a conversation, or starts one.',
    access: 'user',
    // No `body`: the declaration's parser would refuse a multipart body (an image message), whose
    // fields are in its parts (sendImage reads them), so the handler parses `sendBody` itself.
    // No `loads` either: the acting blog is checked inside the send's one statement (send-sql.ts,
    // with the same rule, rules/blogs.ts ownedBlogsByUuid), as a load would cost it a round trip.
    answer: sentSchema,
    errors: SEND_ERRORS,
    options: { multipart: true },
    handle: ({ ctx, viewer, request, reply }) =>
      request.isMultipart() ? sendImage(ctx, viewer, request, reply) : sendMessage(ctx, viewer, parse(sendBody, request.body)),
  }),
  endpoint({
    method: 'DELETE',
    path: '/svc/conversations/messages/:message_id',
    area: AREA,
    summary: 'Deletes one message for the acting blog only; the other blog keeps it.',
    access: 'user',
    params: z.object({ message_id: reportBody.shape.message_id }),
    query: messageTarget,
    answer: messageDeletedSchema,
    loads: { blog: inQuery },
    errors: [ErrorCode.notFound],
    handle: ({ ctx, viewer, params, query, loaded }) => deleteMessage(ctx, viewer, loaded.blog, { ...query, ...params }),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/conversations/report',
    area: AREA,
    summary: "Reports the other blog's message to the moderators, with its words.",
    access: 'user',
    body: reportBody,
    answer: messageReportedSchema,
    loads: { blog: inBody },
    errors: [ErrorCode.notFound, ErrorCode.notAllowed],
    handle: ({ ctx, viewer, body, loaded }) => reportMessage(ctx, viewer, loaded.blog, body),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/conversations/flag',
    area: AREA,
    summary: "Unblurs the other blog's images in a conversation, or marks it spam (its sender blocked and reported).",
    access: 'user',
    body: flagBody,
    answer: flaggedSchema,
    loads: { blog: inBody },
    errors: [ErrorCode.notFound],
    handle: ({ ctx, viewer, body, loaded }) =>
      body.type === 'unblur' ? unblurConversation(ctx, viewer, loaded.blog, body) : markSpam(ctx, viewer, loaded.blog, body),
  }),
  endpoint({
    method: 'DELETE',
    path: '/svc/conversations/messages',
    area: AREA,
    summary: 'Deletes a conversation for the acting blog: its history so far is gone for it, kept for the other.',
    access: 'user',
    query: deleteConversationQuery,
    answer: conversationDeletedSchema,
    loads: { blog: inQuery },
    errors: [ErrorCode.notFound],
    handle: ({ ctx, viewer, query, loaded }) => deleteConversation(ctx, viewer, loaded.blog, query),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/conversations/conversation',
    area: AREA,
    summary: 'One conversation as the acting blog sees it.',
    access: 'user',
    query: oneConversationQuery,
    answer: conversationSchema,
    loads: { blog: inQuery },
    errors: [ErrorCode.notFound],
    handle: ({ ctx, viewer, query, loaded }) => oneConversation(ctx, viewer, loaded.blog, query),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/conversations/read',
    area: AREA,
    summary: 'Marks a conversation read up to its newest message for the acting blog.',
    access: 'user',
    body: markReadBody,
    answer: markedReadSchema,
    loads: { blog: inBody },
    errors: [ErrorCode.notFound],
    handle: ({ ctx, viewer, body, loaded }) => markConversationRead(ctx, viewer, loaded.blog, body),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/conversations/participant_info',
    area: AREA,
    summary: "One blog to talk to, with the intro card's tags and follow durations (not a suspended blog, nor one across a block).",
    access: 'user',
    query: participantInfoQuery,
    answer: participantInfoSchema,
    loads: { blog: inQuery },
    errors: [ErrorCode.blogNotFound],
    handle: ({ ctx, viewer, query, loaded }) => participantInfo(ctx, viewer, loaded.blog, query),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/conversations/participant_suggestions',
    area: AREA,
    summary: "The 'To:' search by name, else the favorites (blogs the viewer follows); flag=post adds recent recipients as `suggested`.",
    access: 'user',
    query: suggestionsQuery,
    answer: suggestionsSchema,
    loads: { blog: inQuery },
    handle: ({ ctx, viewer, query, loaded }) =>
      query.flag === 'post' && !query.q?.trim()
        ? postRecipientSuggestions(ctx, viewer, loaded.blog, query)
        : participantSuggestions(ctx, viewer, loaded.blog, query),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/conversations/stickers',
    area: AREA,
    summary: "The product's own sticker pack.",
    access: 'user',
    answer: stickerPackSchema,
    handle: async ({ ctx }) => ({ stickers: stickerPack(ctx.config.publicUrl) }),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/stickers/:file',
    area: AREA,
    summary: "A sticker's drawing (SVG). The same for everyone, so no session is read.",
    // 'token': no session lookup, as the drawings are everyone's; there is no token to check either.
    access: 'token',
    // Any name that is not a sticker is a 404, as before: the shape is checked by the handler.
    params: z.object({ file: z.string() }),
    answer: { raw: 'svg', description: 'The drawing, cached a day; it runs nothing when opened on its own.' },
    errors: [ErrorCode.notFound],
    handle: async ({ params, reply }) => {
      const svg = /^[a-z0-9-]{1,40}\.svg$/.test(params.file) ? stickerSvg(params.file.slice(0, -4)) : undefined;
      if (!svg) throw new AppError(404, ErrorCode.notFound, 'There is no such sticker.');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own runs nothing.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .send(svg);
    },
  }),
];

export const messagingEndpoints = [...conversationEndpoints, ...liveEndpoints];
