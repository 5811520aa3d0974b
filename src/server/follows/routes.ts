import { z } from 'zod';
import { followingPageSchema, relationSchema, subscriptionSchema } from '../../shared/answers/follows';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { beforeQuery } from '../http/paging';
import { namedBlogFrom, readableBlogFrom, type CallWith } from '../rules/loads';
import { follow, followingPage, subscribe, unfollow, unsubscribe } from './service';

const tumblelog = z
  .string({ error: 'Say which blog: the tumblelog parameter is missing.' })
  .min(1, 'Say which blog: the tumblelog parameter is empty.')
  .max(100, 'That is not a blog name.');

/** Where the follow was made: the client sends these for analytics; they are accepted and not kept. */
const optional = z.union([z.string(), z.number()]).optional();
const followBody = z.object({
  tumblelog,
  placement_id: optional,
  pt: optional,
  source: optional,
  context: optional,
  tlt: optional,
  offset: optional,
});
const subscriptionBody = z.object({ source: optional });
const nameParams = z.object({ name: z.string() });

export const followEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/follow',
    area: 'follows',
    summary: "Follows a blog; a new follow notifies it (from the viewer's acting blog). Twice is one follow.",
    access: 'user',
    body: followBody,
    answer: relationSchema,
    // A suspended blog is not there to follow.
    loads: { blog: readableBlogFrom<CallWith<'body', typeof followBody>>((c) => c.body.tumblelog) },
    errors: [ErrorCode.blocked, ErrorCode.suspended],
    handle: ({ ctx, viewer, loaded }) => follow(ctx, viewer.user, loaded.blog),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/unfollow',
    area: 'follows',
    summary: 'Ends a follow and its subscription; across a block too. Not following: the same answer.',
    access: 'user',
    body: followBody,
    answer: relationSchema,
    loads: { blog: namedBlogFrom<CallWith<'body', typeof followBody>>((c) => c.body.tumblelog) },
    handle: ({ ctx, viewer, loaded }) => unfollow(ctx, viewer.user.id, loaded.blog),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/blog/:name/subscription',
    area: 'follows',
    summary: "Subscribes to a followed blog: each post it publishes notifies the viewer's primary blog.",
    access: 'user',
    params: nameParams,
    body: subscriptionBody,
    answer: subscriptionSchema,
    loads: { blog: readableBlogFrom<CallWith<'params', typeof nameParams>>((c) => c.params.name) },
    errors: [ErrorCode.suspended],
    handle: ({ ctx, viewer, loaded }) => subscribe(ctx, viewer.user, loaded.blog),
  }),
  endpoint({
    method: 'DELETE',
    path: '/svc/blog/:name/subscription',
    area: 'follows',
    summary: 'Ends a subscription; none there: the same answer.',
    access: 'user',
    params: nameParams,
    body: subscriptionBody,
    answer: subscriptionSchema,
    loads: { blog: namedBlogFrom<CallWith<'params', typeof nameParams>>((c) => c.params.name) },
    handle: ({ ctx, viewer, loaded }) => unsubscribe(ctx, viewer.user.id, loaded.blog),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/following',
    area: 'follows',
    summary: 'A page of the blogs the viewer follows, newest follow first.',
    access: 'user',
    query: beforeQuery,
    answer: followingPageSchema,
    paging: { cursor: 'before' },
    handle: ({ ctx, viewer, query }) => followingPage(ctx, viewer.user, query.before),
  }),
];
