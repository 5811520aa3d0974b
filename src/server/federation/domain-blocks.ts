// Admins block a whole server by host name (its subdomains too): its deliveries are refused at the
// inbox's door before any key is fetched (fedify-routes.ts), nothing is delivered to it (the
// followers collection leaves its accounts out and the queue drops a delivery to it that was
// queued before), its accounts cannot be looked up or followed, and what it sent goes at once: its
// accounts' follows of our blogs, our follows of them, their posts and their notes on ours. Lifting
// the block brings none of that back; they follow and are followed again as new. And what arrived
// from each server we know, for the admin page.
import { sql } from 'kysely';
import type { BlockedDomainsResponse, KnownServersResponse } from '../../shared/federation/types';
import { DOMAIN, FEDERATION_MESSAGES } from '../../shared/federation/types';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import { invalidField } from '../http/errors';
import { domainOf, hostSql, onBlockedDomain } from './blocked';

/** Servers the listing shows at most, the most lately active first. */
export const SERVERS_LISTED = 500;

/** The host name an admin typed, checked: a 400 that says how one looks, or that it is ours. */
export function checkedDomain(ctx: AppContext, text: string): string {
  const domain = domainOf(text);
  if (!DOMAIN.test(domain)) throw invalidField('domain', FEDERATION_MESSAGES.badDomain);
  const own = new URL(ctx.config.publicUrl).hostname.toLowerCase();
  if (own === domain || own.endsWith(`.${domain}`)) throw invalidField('domain', FEDERATION_MESSAGES.ownDomain);
  return domain;
}

export async function blockedDomains(db: Db): Promise<BlockedDomainsResponse> {
  const rows = await db.selectFrom('blocked_domains').select(['domain', 'created_at']).orderBy('domain').execute();
  return { domains: rows.map((row) => ({ domain: row.domain, blocked_at: row.created_at.toISOString() })) };
}

/** Blocks the server and removes what it sent, in one transaction; blocking it again changes nothing. */
export async function blockDomain(db: Db, domain: string): Promise<BlockedDomainsResponse> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('blocked_domains').values({ domain }).onConflict((oc) => oc.doNothing()).execute();
    const actors = trx.selectFrom('remote_actors as a').select('a.id').where(onBlockedDomain('a.uri'));
    for (const table of ['remote_followers', 'remote_follows', 'remote_posts', 'remote_notes'] as const) {
      await trx.deleteFrom(table).where('actor_id', 'in', actors).execute();
    }
  });
  return blockedDomains(db);
}

export async function unblockDomain(db: Db, domain: string): Promise<BlockedDomainsResponse> {
  await db.deleteFrom('blocked_domains').where('domain', '=', domain).execute();
  return blockedDomains(db);
}

interface ServerRow {
  host: string;
  accounts: string;
  followers: string;
  follows: string;
  posts: string;
  notes: string;
  last_activity: Date | string;
  blocked: boolean;
}

/**
 * Every server we keep accounts of, grouped by host: one query, each count read by account on its
 * own actor index (remote_followers_actor_idx, remote_follows_actor_idx, remote_posts_actor_id_idx,
 * remote_notes_actor_idx).
 */
export async function knownServers(db: Db): Promise<KnownServersResponse> {
  const { rows } = await sql<ServerRow>`
    select s.host,
      count(*) as accounts,
      sum(s.followers) as followers,
      sum(s.follows) as follows,
      sum(s.posts) as posts,
      sum(s.notes) as notes,
      max(s.last_activity) as last_activity,
      exists (select 1 from blocked_domains d where s.host = d.domain or s.host like '%.' || d.domain) as blocked
    from (
      select ${hostSql('a.uri')} as host,
        (select count(*) from remote_followers f where f.actor_id = a.id) as followers,
        (select count(*) from remote_follows f where f.actor_id = a.id) as follows,
        (select count(*) from remote_posts p where p.actor_id = a.id) as posts,
        (select count(*) from remote_notes n where n.actor_id = a.id) as notes,
        greatest(a.fetched_at, (select max(p.received_at) from remote_posts p where p.actor_id = a.id)) as last_activity
      from remote_actors a
    ) s
    group by s.host
    order by max(s.last_activity) desc, s.host
    limit ${SERVERS_LISTED}`.execute(db);
  return {
    servers: rows.map((row) => ({
      host: row.host,
      accounts: Number(row.accounts),
      followers: Number(row.followers),
      follows: Number(row.follows),
      posts: Number(row.posts),
      notes: Number(row.notes),
      last_activity: new Date(row.last_activity).toISOString(),
      blocked: row.blocked,
    })),
  };
}
