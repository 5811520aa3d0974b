// Asks, the inbox and the owner's answers (issue 14; spec 1 §7, spec 2 §7 "Sharing and ask").
import { z } from 'zod';
import { postPageSchema } from '../../shared/answers/post';
import { answeredSchema, approvedSchema, askSentSchema, deniedSchema, inboxCountsSchema, senderBlockedSchema } from '../../shared/answers/asks';
import { askSchema } from '../../shared/asks/ask';
import { formFlag } from '../../shared/form-flag';
import { idText, postIdField } from '../../shared/ids';
import type { Db } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { badFormKey, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { sameSecret } from '../http/tokens';
import { clientAddress } from '../limits/client-address';
import { ownerOnlyBlogFrom } from '../rules/loads';
import { inboxCounts } from './queries';
import { ANSWER_MAX, answer, approveSubmission, ask, blockSender, denySubmission, inbox } from './service';

const AREA = 'asks';

const answerBody = z.object({
  post_id: postIdField('post_id'),
  tumblelog: z.string({ error: 'Say which blog answers: tumblelog is missing.' }).min(1, 'Say which blog answers: tumblelog is empty.'),
  key: z.string({ error: "key is missing: send the ask's reblog_key with it." }).min(1, "key is empty: send the ask's reblog_key."),
  answer_text: z.string({ error: 'answer_text is missing: write the answer.' }).max(ANSWER_MAX * 2, `Answers can be at most ${ANSWER_MAX} characters long.`),
});
const approveBody = z.object({ id: postIdField('id'), queue: formFlag('queue', { emptyIsOff: true }).optional().default(false) });
const denyBody = z.object({ pid: postIdField('pid') });
const blockBody = z.object({ post_id: postIdField('post_id') });
/** The inbox's cursor is a post id (spec 1 §7: the last id of the previous page; 0 starts). */
const inboxBefore = idText('before', { missing: 'before must be text.', digits: 'before must be an id from the previous page.' });
const inboxQuery = z.object({ before: inboxBefore.optional() });
const feedShapeParams = z.object({
  name: z.string(),
  direction: z.string().refine((direction) => direction === 'before', 'The inbox reads newest first: page it with "before".'),
  ref: inboxBefore,
});

/** An inbox named in the path, loaded only for its owner. */
const ownInbox = ownerOnlyBlogFrom((call: { ctx: { db: Db }; viewer: Viewer | null; params: { name: string } }) => call.params.name);

/** What an item waiting in the viewer's inbox may be refused with: not there (or not theirs), not a submission. */
const INBOX_ITEM_ERRORS = [ErrorCode.notFound, ErrorCode.notAllowed];

export const askEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/post/ask',
    area: AREA,
    summary: 'Asks a blog a question, as the acting blog or anonymously (logged out too, where the blog takes anonymous questions).',
    access: 'anyone',
    // Logged-out visitors may ask anonymously, so the session hooks do not demand the form key:
    // without a session the same-site check refuses other sites' forms, with one the handler
    // checks the form key itself.
    formKey: false,
    body: askSchema,
    answer: askSentSchema,
    errors: [ErrorCode.badFormKey, ErrorCode.blogNotFound, ErrorCode.notAllowed, ErrorCode.notLoggedIn, ErrorCode.blocked, ErrorCode.suspended, ErrorCode.rateLimited],
    handle: async ({ ctx, request, viewer, body }) => {
      if (viewer) {
        const sent = request.headers['x-form-key'] ?? (request.body as Record<string, unknown> | null | undefined)?.form_key;
        if (typeof sent !== 'string' || !sameSecret(sent, viewer.formKey)) throw badFormKey();
      }
      return ask(ctx, { viewer, address: clientAddress(request) }, body);
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/blog/:name/inbox',
    area: AREA,
    summary: "Asks and submissions waiting in a blog's inbox, newest first, 10 a page: its owner's only (404 to anyone else).",
    access: 'anyone',
    params: z.object({ name: z.string() }),
    query: inboxQuery,
    answer: postPageSchema,
    loads: { blog: ownInbox },
    paging: { cursor: 'before', description: 'The last post id of the previous page.' },
    handle: ({ ctx, query, loaded }) => inbox(ctx, loaded.blog, query.before ?? null),
  }),
  // The same pages in the feed's shape (GET /svc/post/{pageRoot}/before/{refPostId}, spec 1 §7), so
  // the inbox page is a feed like drafts and the queue, refreshed with them after a save.
  endpoint({
    method: 'GET',
    path: '/svc/post/blog/:name/inbox/:direction/:ref',
    area: AREA,
    summary: "The inbox's pages in the feed's shape (before/{id}; 0 starts): its owner's only.",
    access: 'anyone',
    params: feedShapeParams,
    answer: postPageSchema,
    loads: { blog: ownInbox },
    handle: ({ ctx, params, loaded }) => inbox(ctx, loaded.blog, params.ref === '0' ? null : params.ref),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/blog/inbox_counts',
    area: AREA,
    summary: "What waits in each of the viewer's blogs' inboxes (the account menu's badges).",
    access: 'user',
    answer: inboxCountsSchema,
    handle: async ({ ctx, viewer }) => ({ counts: await inboxCounts(ctx.db, viewer.user.id) }),
  }),
  endpoint({
    method: 'POST',
    path: '/answer',
    area: AREA,
    summary: "Answers an ask waiting in the viewer's blog's inbox and publishes it at once.",
    access: 'user',
    body: answerBody,
    answer: answeredSchema,
    errors: INBOX_ITEM_ERRORS,
    handle: ({ ctx, viewer, body }) => answer(ctx, viewer, body),
  }),
  endpoint({
    method: 'POST',
    path: '/approve_submission',
    area: AREA,
    summary: "Publishes a submission waiting in the viewer's blog's inbox now, or adds it to the queue.",
    access: 'user',
    body: approveBody,
    answer: approvedSchema,
    errors: INBOX_ITEM_ERRORS,
    handle: async ({ ctx, viewer, body }) => ({ post: await approveSubmission(ctx, viewer, body.id, body.queue) }),
  }),
  endpoint({
    method: 'POST',
    path: '/deny_submission',
    area: AREA,
    summary: 'Deletes a submission waiting in the inbox and tells its submitter.',
    access: 'user',
    body: denyBody,
    answer: deniedSchema,
    errors: INBOX_ITEM_ERRORS,
    handle: async ({ ctx, viewer, body }) => {
      await denySubmission(ctx, viewer, body.pid);
      return {};
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/post/block_sender',
    area: AREA,
    summary: "Blocks whoever sent an ask or submission waiting in the inbox (their blog, or an anonymous asker's address) and deletes it.",
    access: 'user',
    body: blockBody,
    answer: senderBlockedSchema,
    errors: INBOX_ITEM_ERRORS,
    handle: ({ ctx, viewer, body }) => blockSender(ctx, viewer, body.post_id),
  }),
];
