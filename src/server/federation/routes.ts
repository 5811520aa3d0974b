// Our own JSON routes for federation (declared endpoints): find an account elsewhere by handle,
// follow and unfollow it, read what the accounts one follows elsewhere posted.
import { z } from 'zod';
import { emptySchema } from '../../shared/answers/posts';
import { blockedDomainsSchema, knownServersSchema, remoteAccountAnswer, remoteBlockAnswer, remoteBlocksSchema, remoteTimelineSchema } from '../../shared/answers/federation';
import { FEDERATION_MESSAGES } from '../../shared/federation/types';
import { endpoint } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import { beforeQuery } from '../http/paging';
import type { LimitRule } from '../limits/rate-limit';
import { blockingBlogFrom } from '../blocks/routes';
import type { CallWith } from '../rules/loads';
import { blockRemote, remoteBlocks, unblockRemote } from './remote-blocks';
import { blockDomain, blockedDomains, checkedDomain, knownServers, unblockDomain } from './domain-blocks';
import { accountView, followRemote, isFollowing, lookUpHandle, remoteTimeline, unfollowRemote } from './remote-follow';

/** Each lookup reaches another server twice (WebFinger, actor): a person searches, a script floods. */
const LOOKUP_RULE: LimitRule = { name: 'federation-lookup', limit: 30, windowMs: 60_000 };
const FOLLOW_RULE: LimitRule = { name: 'federation-follow', limit: 60, windowMs: 60 * 60_000 };

const blogName = z
  .string({ error: 'Say which of your blogs: tumblelog is missing.' })
  .trim()
  .min(1, 'Say which of your blogs: tumblelog is empty.')
  .max(100, 'tumblelog is not a blog name.');
const BLOCK_RULE: LimitRule = { name: 'federation-block', limit: 120, windowMs: 60 * 60_000 };

const handleText = z.string({ error: FEDERATION_MESSAGES.badHandle }).trim().min(3, FEDERATION_MESSAGES.badHandle).max(400, FEDERATION_MESSAGES.badHandle);
const blockBody = z.object({ tumblelog: blogName, handle: handleText });
const blocksQuery = z.object({ tumblelog: blogName });
const domainBody = z.object({
  domain: z.string({ error: FEDERATION_MESSAGES.badDomain }).trim().min(1, FEDERATION_MESSAGES.badDomain).max(253, FEDERATION_MESSAGES.badDomain),
});

export const federationEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/federation/lookup',
    area: 'federation',
    summary: 'Finds an account on another fediverse server by its handle (@name@host): WebFinger, then its actor.',
    access: 'user',
    query: z.object({ q: handleText }),
    answer: remoteAccountAnswer,
    errors: [ErrorCode.notFound, ErrorCode.forbidden],
    rateLimit: { what: 'lookups of accounts elsewhere', buckets: (c) => [{ rule: LOOKUP_RULE, subject: c.viewer.user.id }] },
    handle: async ({ ctx, viewer, query }) => {
      const actor = await lookUpHandle(ctx, query.q);
      return { account: accountView(actor, await isFollowing(ctx, viewer.user.id, actor.id)) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/federation/follow',
    area: 'federation',
    summary: "Follows an account on another server as the viewer's acting blog (sends Follow).",
    access: 'user',
    body: z.object({ handle: handleText }),
    answer: remoteAccountAnswer,
    errors: [ErrorCode.notFound, ErrorCode.forbidden, ErrorCode.suspended],
    rateLimit: { what: 'follows of accounts elsewhere', buckets: (c) => [{ rule: FOLLOW_RULE, subject: c.viewer.user.id }] },
    handle: async ({ ctx, viewer, body }) => {
      const actor = await lookUpHandle(ctx, body.handle);
      await followRemote(ctx, viewer.user, actor);
      return { account: accountView(actor, true) };
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/federation/unfollow',
    area: 'federation',
    summary: 'Stops following an account on another server (sends Undo of the Follow).',
    access: 'user',
    body: z.object({ handle: handleText }),
    answer: emptySchema,
    errors: [ErrorCode.notFound],
    handle: async ({ ctx, viewer, body }) => {
      await unfollowRemote(ctx, viewer.user.id, body.handle);
      return {};
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/federation/timeline',
    area: 'federation',
    summary: 'The posts of the accounts the viewer follows on other servers, newest first.',
    access: 'user',
    query: beforeQuery,
    answer: remoteTimelineSchema,
    paging: { cursor: 'before' },
    errors: [ErrorCode.notFound],
    handle: async ({ ctx, viewer, query }) => remoteTimeline(ctx, viewer.user.id, query.before),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/federation/block',
    area: 'federation',
    summary: "Blocks an account on another server from one of the viewer's blogs: its follow ends, nothing of the blog reaches it, its reactions are dropped, and the owner stops following it.",
    access: 'user',
    body: blockBody,
    answer: remoteBlockAnswer,
    loads: { blog: blockingBlogFrom<CallWith<'body', typeof blockBody>>((c) => c.body.tumblelog) },
    errors: [ErrorCode.notFound, ErrorCode.forbidden],
    rateLimit: { what: 'blocks of accounts elsewhere', buckets: (c) => [{ rule: BLOCK_RULE, subject: c.viewer.user.id }] },
    handle: async ({ ctx, viewer, body, loaded }) => ({ block: await blockRemote(ctx, viewer, loaded.blog, body.handle) }),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/federation/unblock',
    area: 'federation',
    summary: "Lifts one of the viewer's blogs' block of an account on another server; none there: the same answer.",
    access: 'user',
    body: blockBody,
    answer: emptySchema,
    loads: { blog: blockingBlogFrom<CallWith<'body', typeof blockBody>>((c) => c.body.tumblelog) },
    handle: async ({ ctx, body, loaded }) => {
      await unblockRemote(ctx.db, loaded.blog, body.handle);
      return {};
    },
  }),
  endpoint({
    method: 'GET',
    path: '/svc/federation/blocks',
    area: 'federation',
    summary: "The accounts on other servers one of the viewer's blogs blocks, newest first (at most 500).",
    access: 'user',
    query: blocksQuery,
    answer: remoteBlocksSchema,
    loads: { blog: blockingBlogFrom<CallWith<'query', typeof blocksQuery>>((c) => c.query.tumblelog) },
    handle: ({ ctx, loaded }) => remoteBlocks(ctx.db, loaded.blog),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/admin/federation/domains',
    area: 'federation',
    summary: 'The servers an admin blocked (by host name, covering subdomains).',
    access: 'admin',
    answer: blockedDomainsSchema,
    handle: ({ ctx }) => blockedDomains(ctx.db),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/admin/federation/domains',
    area: 'federation',
    summary: 'Blocks a server: its deliveries are refused, nothing is delivered to it, and what it sent (follows, posts, notes) is removed.',
    access: 'admin',
    body: domainBody,
    answer: blockedDomainsSchema,
    handle: ({ ctx, body }) => blockDomain(ctx.db, checkedDomain(ctx, body.domain)),
  }),
  endpoint({
    method: 'POST',
    path: '/svc/admin/federation/domains/remove',
    area: 'federation',
    summary: 'Lifts the block of a server (nothing it sent comes back); none there: the same answer.',
    access: 'admin',
    body: domainBody,
    answer: blockedDomainsSchema,
    handle: ({ ctx, body }) => unblockDomain(ctx.db, checkedDomain(ctx, body.domain)),
  }),
  endpoint({
    method: 'GET',
    path: '/svc/admin/federation/servers',
    area: 'federation',
    summary: 'The servers we know accounts of, with what arrived from each: accounts, followers, follows, posts kept, notes, last activity.',
    access: 'admin',
    answer: knownServersSchema,
    handle: ({ ctx }) => knownServers(ctx.db),
  }),
];
