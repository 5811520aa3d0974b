// Sensitive marks and appeals (issue 15, spec 2 §4): the owner's appeal, and the admins' mark,
// decision and queue.
import { z } from 'zod';
import { appealAnswerSchema, appealDecisionSchema, appealsPageSchema } from '../../shared/answers/appeals';
import { APPEAL_LEVEL } from '../../shared/appeals';
import { formFlag } from '../../shared/form-flag';
import { idField } from '../../shared/ids';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { appealsPage } from './queue';
import { decideAppeal, markSensitive, requestAppeal } from './service';

const id = (field: string) => idField(field, { missing: `Say which one: ${field} is missing.`, digits: `${field} must be an id (digits only).` });

// Issue 15: post_id, blog_name, state (3 asks for a review, 2 dismisses the offer).
const appealBody = z.object({
  post_id: id('post_id'),
  blog_name: z.string({ error: 'Say which blog: blog_name is missing.' }).min(1, 'Say which blog: blog_name is empty.').max(100, 'That is not a blog name.'),
  state: z.preprocess(
    (value) => (typeof value === 'string' && /^\d$/.test(value) ? Number(value) : value),
    z.union([z.literal(APPEAL_LEVEL.in_review), z.literal(APPEAL_LEVEL.available)], {
      error: 'state must be 3 (ask for a review) or 2 (not now).',
    }),
  ),
});
const sensitiveBody = z.object({ post_id: id('post_id'), sensitive: formFlag('sensitive') });
// The cursor is the last post's id: the queue's own order (posts_appeals_in_review_idx).
const queueQuery = z.object({ before: id('before').optional() });

export const appealEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/appeal',
    area: 'appeals',
    summary: "The owner asks for a review of a post's sensitive mark (state 3) or dismisses the offer (state 2).",
    access: 'user',
    body: appealBody,
    answer: appealAnswerSchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.notAllowed],
    handle: ({ ctx, viewer, body }) => requestAppeal(ctx, viewer, body.post_id, body.blog_name, body.state),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/moderation/post/sensitive',
    area: 'appeals',
    summary: 'An admin marks a post sensitive (its owner may then appeal) or lifts the mark.',
    access: 'admin',
    body: sensitiveBody,
    answer: appealAnswerSchema,
    errors: [ErrorCode.notFound],
    handle: ({ ctx, body }) => markSensitive(ctx, body.post_id, body.sensitive),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/moderation/appeal/decide',
    area: 'appeals',
    summary: 'An admin decides an appeal in review (the post stays sensitive or not); the owner is emailed, and the answer says whether it went.',
    access: 'admin',
    body: sensitiveBody,
    answer: appealDecisionSchema,
    errors: [ErrorCode.notFound, ErrorCode.notAllowed],
    handle: ({ ctx, body }) => decideAppeal(ctx, body.post_id, body.sensitive),
  }),

  endpoint({
    method: 'GET',
    path: '/svc/admin/appeals',
    area: 'appeals',
    summary: 'The posts whose owner asked for a review, newest first.',
    access: 'admin',
    query: queueQuery,
    answer: appealsPageSchema,
    paging: { cursor: 'before', description: "The last post's id." },
    handle: ({ ctx, query }) => appealsPage(ctx, query.before),
  }),
];
