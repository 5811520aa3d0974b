/** An account on another fediverse server, as search shows it (a blog card with Follow). */
export interface RemoteAccount {
  /** name@host, without the leading @. */
  handle: string;
  name: string;
  /** Through our sanitizer. */
  summary_html: string;
  icon_url: string | null;
  /** Its profile page on its own server. */
  url: string | null;
  /** Whether the viewer follows it (asked, or accepted). */
  following: boolean;
}

/** A post of a followed remote account. */
export interface RemotePost {
  id: string;
  account: Omit<RemoteAccount, 'following' | 'summary_html'>;
  /** Through our sanitizer. */
  content_html: string;
  url: string | null;
  summary: string | null;
  sensitive: boolean;
  published: string;
}

export interface RemoteTimeline {
  posts: RemotePost[];
  /** The cursor of the next page, or null at the end. */
  next: string | null;
}

/** An account elsewhere that one of our blogs blocks. */
export interface RemoteBlock {
  handle: string;
  name: string;
  icon_url: string | null;
  url: string | null;
  blocked_at: string;
}

export interface RemoteBlocksResponse {
  blocks: RemoteBlock[];
}

/** A server an admin blocked. */
export interface BlockedDomain {
  domain: string;
  blocked_at: string;
}

export interface BlockedDomainsResponse {
  domains: BlockedDomain[];
}

/** A server we know accounts of, and what came from it. */
export interface KnownServer {
  host: string;
  /** Accounts of it we keep. */
  accounts: number;
  /** Its accounts following our blogs. */
  followers: number;
  /** Our people following its accounts. */
  follows: number;
  /** Its posts kept for our people's dashboards. */
  posts: number;
  /** Its likes, reblogs and replies of our posts. */
  notes: number;
  /** The last time an account of it was read or a post of it arrived. */
  last_activity: string;
  blocked: boolean;
}

export interface KnownServersResponse {
  servers: KnownServer[];
}

/** A host name as an admin types it: example.social (no scheme, port or path). */
export const DOMAIN = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** `@name@host` or `name@host`: a fediverse handle. The host may carry a port. */
export const HANDLE = /^@?([a-z0-9_.-]{1,100})@([a-z0-9.-]{1,253}(?::\d{1,5})?)$/i;

export const FEDERATION_MESSAGES = {
  off: 'This server does not federate: following accounts on other servers is off.',
  badHandle: 'Type a fediverse handle such as @name@example.social.',
  notFound: 'No account by that handle answered. Check it for typos.',
  notFollowing: 'You do not follow that account.',
  blockedAccount: (blog: string) => `Your blog ${blog} blocks that account: unblock it first to follow it.`,
  badDomain: 'Type a server\'s host name, such as example.social (no https://, port or path).',
  ownDomain: 'That is this site: it cannot block itself.',
  refusedDelivery: (host: string) => `This site does not accept deliveries from ${host}.`,
  blockedServer: (host: string) => `This site does not federate with ${host}: an admin blocked that server.`,
} as const;
