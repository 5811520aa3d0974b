import { ACTION_SOURCES, ACTION_SOURCE_MESSAGE } from '../../shared/notes/action-source';
import { z } from 'zod';
import { ADS } from '../../shared/ads/types';
import { fastReblogSchema, likeSchema, notesPageSchema, promoteSchema, replySchema } from '../../shared/answers/notes';
import { postIdField } from '../../shared/ids';
import { PHOTO_REPLY_MESSAGES, replyProblem } from '../../shared/notes/reply';
import { endpoint, type Loader } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { flagField } from '../http/fields';
import { NOT_OUR_CURSOR } from '../http/paging';
import { reachablePostFrom, type CallWith } from '../rules/loads';
import { visiblePostFacts, type ReachedPost } from '../rules/posts';
import { notesOfPost } from './list';
import { parseNotesCursor } from './queries';
import { fastReblog } from './reblog';
import { like, promote, reply, unlike, unpromote } from './service';

const key = (field: string) =>
  z.string({ error: `${field} is missing: send the post's reblog_key with it.` }).min(1, `${field} is empty: send the post's reblog_key.`);
/** Where the action was made (spec 1 §7): the client sends these for analytics; accepted, not kept. */
const context = z.union([z.string(), z.number(), z.boolean()]).optional();

/** Spec 1 §2's sources, kept with the like or reply; another value is a 400. */
const source = z.enum(ACTION_SOURCES, { error: ACTION_SOURCE_MESSAGE }).optional();

const likeBody = z.object({
  id: postIdField('id'),
  key: key('key'),
  root_id: context,
  placement_id: context,
  is_recommended: context,
  pt: context,
  method: context,
  source,
  offset: context,
});
const fastReblogBody = z.object({
  reblog_post_id: postIdField('reblog_post_id'),
  reblog_key: key('reblog_key'),
  // '1', 'true', 'on' or true queue it; absent, '0', 'false', 'off' or '' publish now; else the field's 400.
  queue: z
    .unknown()
    .optional()
    .transform((value, check) => {
      try {
        return flagField({ queue: value }, 'queue') ?? false;
      } catch (error) {
        check.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  pt: context,
  offset: context,
});
const replyBody = z
  .object({
    post_id: postIdField('post_id'),
    reply_text: z.string({ error: 'reply_text is missing: write the reply.' }).optional(),
    // Issue 26.3: one photo (the address POST /svc/upload answered), and what it shows.
    photo: z.string({ error: PHOTO_REPLY_MESSAGES.onePhoto }).max(2048, PHOTO_REPLY_MESSAGES.notUploaded).optional(),
    photo_alt: z.string({ error: 'photo_alt must be text.' }).max(20_000, 'photo_alt is far too long.').optional(),
    tumblelog: z.string().optional(),
    tumblelog_key: key('tumblelog_key'),
    source,
  })
  // Checked with the body, so a bad text is its 400 before the post is looked up.
  .superRefine((body, check) => {
    const hasPhoto = Boolean(body.photo?.trim());
    if (body.photo_alt?.trim() && !hasPhoto) check.addIssue({ code: 'custom', path: ['photo_alt'], message: PHOTO_REPLY_MESSAGES.altWithoutPhoto });
    if (body.reply_text === undefined && !hasPhoto) {
      check.addIssue({ code: 'custom', path: ['reply_text'], message: PHOTO_REPLY_MESSAGES.missing });
      return;
    }
    const problem = replyProblem(body.reply_text ?? '', hasPhoto);
    if (problem) check.addIssue({ code: 'custom', path: ['reply_text'], message: problem });
  });
const BUDGET_PROBLEM = `budget must be a whole number of impressions from 1 to ${ADS.maxBudget}.`;
const promoteBody = z.object({
  post_id: postIdField('post_id'),
  reblog_key: z.string().optional(),
  tumblelog_name: z.string().optional(),
  // The tag a promotion is for, and the id of one to end: promotions are per post here, so these are accepted and not kept.
  tag: context,
  tag_id: context,
  budget: z
    .union([z.number(), z.string()], { error: BUDGET_PROBLEM })
    .transform((v) => (typeof v === 'string' && /^\d{1,7}$/.test(v) ? Number(v) : v))
    .pipe(z.number({ error: BUDGET_PROBLEM }).int(BUDGET_PROBLEM).min(1, BUDGET_PROBLEM).max(ADS.maxBudget, BUDGET_PROBLEM))
    .optional(),
});
const notesQuery = z.object({
  post_id: postIdField('post_id'),
  // Read with the query, so a cursor not ours is its 400 before the post is looked up.
  before: z
    .string()
    .max(80, NOT_OUR_CURSOR)
    .optional()
    .superRefine((text, check) => {
      try {
        parseNotesCursor(text);
      } catch {
        check.addIssue({ code: 'custom', message: NOT_OUR_CURSOR });
      }
    }),
});

/** The post whose notes are read: one the viewer may see (rules/posts.ts), logged out too. */
const postOfNotes: Loader<CallWith<'query', typeof notesQuery>, ReachedPost> = {
  describe: "a post the viewer may see (404 for a draft, a private post, a suspended blog's post or one across a block)",
  errors: [ErrorCode.notFound],
  load: (call) => visiblePostFacts(call.ctx.db, call.viewer?.user.id ?? null, call.query.post_id),
};

export const noteEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/like',
    area: 'notes',
    summary: "Likes a post as the viewer's acting blog; liking twice is one like, and only a new like notifies the post's blog.",
    access: 'user',
    body: likeBody,
    answer: likeSchema,
    loads: { post: reachablePostFrom<CallWith<'body', typeof likeBody>>((c) => c.body.id, (c) => c.body.key) },
    errors: [ErrorCode.notAllowed, ErrorCode.blocked, ErrorCode.suspended],
    handle: ({ ctx, viewer, body, loaded }) => like(ctx, viewer, loaded.post, body.source),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/unlike',
    area: 'notes',
    summary: 'Takes a like back; across a block too, as taking back reaches nobody. No like there: the same answer.',
    access: 'user',
    body: likeBody,
    answer: likeSchema,
    loads: { post: reachablePostFrom<CallWith<'body', typeof likeBody>>((c) => c.body.id, (c) => c.body.key) },
    handle: ({ ctx, viewer, loaded }) => unlike(ctx, viewer, loaded.post),
  }),
  endpoint({
    method: 'POST',
    path: '/fast_reblog',
    area: 'notes',
    summary: "Reblogs a post with nothing added to the viewer's acting blog, published at once or queued.",
    access: 'user',
    body: fastReblogBody,
    answer: fastReblogSchema,
    loads: { post: reachablePostFrom<CallWith<'body', typeof fastReblogBody>>((c) => c.body.reblog_post_id, (c) => c.body.reblog_key) },
    errors: [ErrorCode.notAllowed, ErrorCode.blocked, ErrorCode.suspended],
    handle: ({ ctx, viewer, body, loaded }) => fastReblog(ctx, viewer, loaded.post, { queue: body.queue }),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/reply',
    area: 'notes',
    summary: "Replies to a published public post as the viewer's acting blog, with a photo where the post allows; tells the post's blog and each blog mentioned.",
    access: 'user',
    body: replyBody,
    answer: replySchema,
    loads: { post: reachablePostFrom<CallWith<'body', typeof replyBody>>((c) => c.body.post_id, (c) => c.body.tumblelog_key) },
    errors: [ErrorCode.notAllowed, ErrorCode.blocked, ErrorCode.suspended],
    handle: ({ ctx, viewer, body, loaded }) => reply(ctx, viewer, loaded.post, body),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/promote',
    area: 'notes',
    summary: "Promotes one of the viewer's published public posts: the ad slots show it until its budget of impressions is spent.",
    access: 'user',
    body: promoteBody,
    answer: promoteSchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.notAllowed],
    handle: ({ ctx, viewer, body }) => promote(ctx, viewer, body),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/unpromote',
    area: 'notes',
    summary: "Ends a promotion of the viewer's post; what was spent stays readable. None there: the same answer.",
    access: 'user',
    body: promoteBody,
    answer: promoteSchema,
    errors: [ErrorCode.notFound, ErrorCode.forbidden],
    handle: ({ ctx, viewer, body }) => unpromote(ctx, viewer, body),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/post/notes',
    area: 'notes',
    summary: "A page of a post's notes (likes, reblogs, replies), newest first; logged out too.",
    access: 'anyone',
    query: notesQuery,
    answer: notesPageSchema,
    paging: { cursor: 'before' },
    loads: { post: postOfNotes },
    handle: ({ ctx, viewer, query, loaded }) => notesOfPost(ctx, viewer?.user.id ?? null, loaded.post, query.before),
  }),
];
