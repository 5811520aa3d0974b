// Answer schemas of the federation endpoints (remote lookup, follow, the remote timeline).
import { z } from 'zod';
import type { BlockedDomainsResponse, KnownServersResponse, RemoteAccount, RemoteBlock, RemoteBlocksResponse, RemotePost, RemoteTimeline } from '../federation/types';

const text = z.string();

export const remoteAccountSchema: z.ZodType<RemoteAccount> = z.object({
  handle: text,
  name: text,
  summary_html: text,
  icon_url: text.nullable(),
  url: text.nullable(),
  following: z.boolean(),
});

export const remoteAccountAnswer = z.object({ account: remoteAccountSchema });

const remotePostSchema: z.ZodType<RemotePost> = z.object({
  id: text,
  account: z.object({ handle: text, name: text, icon_url: text.nullable(), url: text.nullable() }),
  content_html: text,
  url: text.nullable(),
  summary: text.nullable(),
  sensitive: z.boolean(),
  published: text,
});

export const remoteTimelineSchema: z.ZodType<RemoteTimeline> = z.object({ posts: z.array(remotePostSchema), next: text.nullable() });

const remoteBlockSchema: z.ZodType<RemoteBlock> = z.object({ handle: text, name: text, icon_url: text.nullable(), url: text.nullable(), blocked_at: text });

export const remoteBlockAnswer = z.object({ block: remoteBlockSchema });
export const remoteBlocksSchema: z.ZodType<RemoteBlocksResponse> = z.object({ blocks: z.array(remoteBlockSchema) });

export const blockedDomainsSchema: z.ZodType<BlockedDomainsResponse> = z.object({ domains: z.array(z.object({ domain: text, blocked_at: text })) });

const count = z.number().int();
export const knownServersSchema: z.ZodType<KnownServersResponse> = z.object({
  servers: z.array(z.object({ host: text, accounts: count, followers: count, follows: count, posts: count, notes: count, last_activity: text, blocked: z.boolean() })),
});
