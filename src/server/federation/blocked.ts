// Who may not reach us, nor be reached: servers an admin blocked (blocked_domains, by host name,
// covering its subdomains) and accounts one of our blogs blocked (remote_blocks). One place for the
// rule, read by the inbox's door (fedify-routes.ts), the listeners, the followers collection that
// deliveries read, and the queue's last check before a delivery leaves.
import { sql, type Expression, type SqlBool } from 'kysely';
import { FEDERATION_MESSAGES } from '../../shared/federation/types';
import type { Db } from '../db/schema';
import { AppError, ErrorCode } from '../http/errors';

/** A host name as blocked_domains keeps it: lower case, no port, no trailing dot. */
export function domainOf(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/** The host names a block could be kept under: the host and each parent domain (a.b.c: a.b.c, b.c, c). */
function candidates(host: string): string[] {
  const parts = domainOf(host).split('.');
  return parts.map((_, i) => parts.slice(i).join('.')).filter(Boolean);
}

/** Whether an admin blocked the server at this host (or a domain above it). */
export async function isDomainBlocked(db: Db, host: string): Promise<boolean> {
  if (!host) return false;
  const row = await db.selectFrom('blocked_domains').select('domain').where('domain', 'in', candidates(host)).executeTakeFirst();
  return row !== undefined;
}

/** Whether the address's server is blocked (a URL that does not parse counts as blocked). */
export async function isUrlBlocked(db: Db, url: URL | string | null | undefined): Promise<boolean> {
  if (!url) return false;
  const text = url instanceof URL ? url.href : url;
  if (!URL.canParse(text)) return true;
  return isDomainBlocked(db, new URL(text).hostname);
}

/** The host name of an actor's uri column, in SQL (the same on PGlite and PostgreSQL). */
export const hostSql = (uriColumn: string) => sql<string>`lower(substring(${sql.ref(uriColumn)} from '^[a-zA-Z][a-zA-Z0-9+.-]*://(?:[^/@]*@)?([^/:?#]+)'))`;

/** True where the actor (by its uri column) is on a blocked server. */
export const onBlockedDomain = (uriColumn: string): Expression<SqlBool> =>
  sql<SqlBool>`exists (select 1 from blocked_domains d where ${hostSql(uriColumn)} = d.domain or ${hostSql(uriColumn)} like '%.' || d.domain)`;

/** Whether the blog blocks the account (by its uri). */
export async function blogBlocksActor(db: Db, blogId: string, actorUri: string): Promise<boolean> {
  const row = await db
    .selectFrom('remote_blocks as rb')
    .innerJoin('remote_actors as a', 'a.id', 'rb.actor_id')
    .select('rb.actor_id')
    .where('rb.blog_id', '=', blogId)
    .where('a.uri', '=', actorUri)
    .executeTakeFirst();
  return row !== undefined;
}

/** Refuses to follow an account one of the person's blogs blocks. */
export async function assertNotBlockedByOwnBlog(db: Db, userId: string, actorId: string): Promise<void> {
  const row = await db
    .selectFrom('remote_blocks as rb')
    .innerJoin('blogs as b', 'b.id', 'rb.blog_id')
    .select('b.name')
    .where('b.user_id', '=', userId)
    .where('b.deleted_at', 'is', null)
    .where('rb.actor_id', '=', actorId)
    .executeTakeFirst();
  if (row) throw new AppError(403, ErrorCode.forbidden, FEDERATION_MESSAGES.blockedAccount(row.name));
}
