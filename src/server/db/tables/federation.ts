import type { ColumnType, Generated } from 'kysely';

/** Fedify's key-value store (federation/kv.ts): a JSON key, a JSON value, an optional expiry. */
export interface FederationKvTable {
  key: string;
  value: unknown;
  expires_at: Date | null;
}

/** Fedify's message queue (federation/queue.ts): one delivery or inbox activity to process. */
export interface FederationJobTable {
  id: Generated<string>;
  message: unknown;
  run_at: ColumnType<Date, Date | undefined, Date>;
  claimed_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}

/** A blog's key pairs as JWKs: RSA for HTTP signatures, Ed25519 for object proofs. */
export interface FederationKeyTable {
  blog_id: string;
  rsa_private: JsonWebKey;
  rsa_public: JsonWebKey;
  ed_private: JsonWebKey;
  ed_public: JsonWebKey;
  created_at: ColumnType<Date, never, never>;
}

/** An account on another server, as its actor document said when last fetched. */
export interface RemoteActorTable {
  id: Generated<string>;
  uri: string;
  /** name@host */
  handle: string;
  inbox_url: string;
  shared_inbox_url: string | null;
  name: string;
  /** Through content/sanitize.ts. */
  summary_html: Generated<string>;
  icon_url: string | null;
  url: string | null;
  fetched_at: ColumnType<Date, Date | undefined, Date>;
}

export interface RemoteFollowerTable {
  blog_id: string;
  actor_id: string;
  created_at: ColumnType<Date, never, never>;
}

export interface RemoteFollowTable {
  user_id: string;
  actor_id: string;
  /** The blog the Follow was sent as. */
  blog_id: string;
  follow_uri: string;
  accepted: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
}

export interface RemotePostTable {
  id: Generated<string>;
  actor_id: string;
  uri: string;
  url: string | null;
  /** Through content/sanitize.ts. */
  content_html: string;
  summary: string | null;
  sensitive: Generated<boolean>;
  published_at: Date;
  /** Its place among local posts on the dashboard: publish_id's scale, from published_at. */
  feed_id: string;
  received_at: ColumnType<Date, never, never>;
}

/** One of our posts that went out (federation/outbox.ts). */
export interface FederatedPostTable {
  post_id: string;
  blog_id: string;
  object_uri: string;
  created_at: ColumnType<Date, never, never>;
  /** The version that went out last (Create or Update): the post's updated_at then, and a hash of its object. */
  sent_updated_at: Date | null;
  content_hash: string | null;
  /** A reblog that went out as Announce (object_uri its id): the post it announced. */
  announced_uri: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A like, reblog or reply of one of our posts from an account elsewhere (federation/reactions.ts). */
export interface RemoteNoteTable {
  id: Generated<string>;
  post_id: string;
  actor_id: string;
  kind: 'like' | 'reblog' | 'reply';
  /** The Like's or Announce's id, or the reply Note's. */
  uri: string;
  text: string | null;
  url: string | null;
}

/** One of our blogs blocks an account elsewhere. */
export interface RemoteBlockTable {
  blog_id: string;
  actor_id: string;
  created_at: ColumnType<Date, never, never>;
}

/** A server an admin blocked, by host name (its subdomains too). */
export interface BlockedDomainTable {
  domain: string;
  created_at: ColumnType<Date, never, never>;
}
