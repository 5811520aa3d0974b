// Our people and accounts elsewhere: a handle typed in search is found by WebFinger on its server
// and its actor fetched (both through the safe fetcher); Follow is sent as the person's acting blog
// and Undo takes it back. Their posts come in through the inbox (inbox.ts) and are read here.
import { Follow, Undo } from '@fedify/vocab';
import { randomUUID } from 'node:crypto';
import { FEDERATION_MESSAGES, HANDLE, type RemoteAccount, type RemoteTimeline } from '../../shared/federation/types';
import { hostAndPort } from '../config';
import type { AppContext } from '../context';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import { cursorOf, readCursor } from '../http/paging';
import { actingBlogIdOf } from '../visibility';
import type { FederationHandle } from './start';
import { fetchJson } from './loader';
import { assertNotBlockedByOwnBlog, isDomainBlocked } from './blocked';
import { saveRemoteActor, type RemoteActorRow } from './remote-actors';

const TIMELINE_PAGE = 20;

export function federationOf(ctx: AppContext): FederationHandle {
  if (!ctx.federation) throw new AppError(404, ErrorCode.notFound, FEDERATION_MESSAGES.off);
  return ctx.federation;
}

/** The handle's parts, or the 400 that shows how one looks. */
export function parseHandle(text: string): { name: string; host: string } {
  const match = HANDLE.exec(text.trim());
  if (!match) throw invalidField('q', FEDERATION_MESSAGES.badHandle);
  return { name: match[1]!, host: match[2]!.toLowerCase() };
}

const notFound = () => new AppError(404, ErrorCode.notFound, FEDERATION_MESSAGES.notFound);

/** Finds an account by handle on its own server and keeps what its actor says. */
export async function lookUpHandle(ctx: AppContext, text: string): Promise<RemoteActorRow> {
  const fed = federationOf(ctx);
  const { name, host } = parseHandle(text);
  if (host === new URL(ctx.config.publicUrl).host) throw notFound();
  if (await isDomainBlocked(ctx.db, new URL(`http://${host}`).hostname)) throw new AppError(403, ErrorCode.forbidden, FEDERATION_MESSAGES.blockedServer(new URL(`http://${host}`).hostname));
  // https, as the fediverse speaks; plain http only to a private host the operator allowed (tests).
  const scheme = ctx.config.federation.allowPrivateHosts.includes(hostAndPort(new URL(`http://${host}`))) ? 'http' : 'https';
  const resource = `acct:${name}@${host}`;
  let actorUrl: string | undefined;
  try {
    const { json } = await fetchJson(fed.data.fetcher, `${scheme}://${host}/.well-known/webfinger?resource=${encodeURIComponent(resource)}`, 'application/jrd+json, application/json;q=0.9');
    const links = (json as { links?: { rel?: unknown; type?: unknown; href?: unknown }[] }).links ?? [];
    actorUrl = links.find((l) => l.rel === 'self' && typeof l.type === 'string' && /activity\+json|ld\+json/.test(l.type) && typeof l.href === 'string')?.href as string | undefined;
  } catch {
    throw notFound();
  }
  if (!actorUrl) throw notFound();
  const context = fed.federation.createContext(new URL(ctx.config.publicUrl), fed.data);
  const actor = await context.lookupObject(actorUrl).catch(() => null);
  const saved = await saveRemoteActor(ctx.db, fed.data.fetcher, actor).catch(() => null);
  if (!saved) throw notFound();
  return saved;
}

export async function isFollowing(ctx: AppContext, userId: string, actorId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('remote_follows').select('actor_id').where('user_id', '=', userId).where('actor_id', '=', actorId).executeTakeFirst();
  return row !== undefined;
}

export const accountView = (actor: RemoteActorRow, following: boolean): RemoteAccount => ({
  handle: actor.handle,
  name: actor.name,
  summary_html: actor.summary_html,
  icon_url: actor.icon_url,
  url: actor.url,
  following,
});

interface Viewer {
  id: string;
  current_blog_id: string | null;
  primary_blog_id: string | null;
}

async function actingBlog(ctx: AppContext, user: Viewer) {
  const blogId = actingBlogIdOf(user);
  const blog = blogId ? await ctx.db.selectFrom('blogs').select(['id', 'uuid', 'is_suspended']).where('id', '=', blogId).where('deleted_at', 'is', null).executeTakeFirst() : undefined;
  if (!blog) throw new AppError(403, ErrorCode.forbidden, 'Make a blog first: a follow goes out as one of your blogs.');
  if (blog.is_suspended) throw new AppError(403, ErrorCode.suspended, 'Your blog is suspended: it cannot follow anyone.');
  return blog;
}

const recipientOf = (row: { uri: string; inbox_url: string }) => ({ id: new URL(row.uri), inboxId: new URL(row.inbox_url) });

/** Follows the account as the viewer's acting blog; following it already changes nothing. */
export async function followRemote(ctx: AppContext, user: Viewer, actor: RemoteActorRow): Promise<void> {
  const fed = federationOf(ctx);
  const blog = await actingBlog(ctx, user);
  await assertNotBlockedByOwnBlog(ctx.db, user.id, actor.id);
  const context = fed.federation.createContext(new URL(ctx.config.publicUrl), fed.data);
  const me = context.getActorUri(blog.uuid);
  const followUri = `${me.href}#follows/${randomUUID()}`;
  const inserted = await ctx.db
    .insertInto('remote_follows')
    .values({ user_id: user.id, actor_id: actor.id, blog_id: blog.id, follow_uri: followUri })
    .onConflict((oc) => oc.columns(['user_id', 'actor_id']).doNothing())
    .returning('follow_uri')
    .executeTakeFirst();
  if (!inserted) return;
  const row = await ctx.db.selectFrom('remote_actors').select(['uri', 'inbox_url']).where('id', '=', actor.id).executeTakeFirstOrThrow();
  await context.sendActivity({ identifier: blog.uuid }, recipientOf(row), new Follow({ id: new URL(followUri), actor: me, object: new URL(actor.uri) }));
}

/** Takes the follow back (Undo of the Follow that was sent). */
export async function unfollowRemote(ctx: AppContext, userId: string, handle: string): Promise<void> {
  const fed = federationOf(ctx);
  const follow = await ctx.db
    .selectFrom('remote_follows as f')
    .innerJoin('remote_actors as a', 'a.id', 'f.actor_id')
    .innerJoin('blogs as b', 'b.id', 'f.blog_id')
    .select(['f.actor_id', 'f.follow_uri', 'a.uri', 'a.inbox_url', 'b.uuid'])
    .where('f.user_id', '=', userId)
    .where('a.handle', '=', handle.replace(/^@/, '').toLowerCase())
    .executeTakeFirst();
  if (!follow) throw new AppError(404, ErrorCode.notFound, FEDERATION_MESSAGES.notFollowing);
  await ctx.db.deleteFrom('remote_follows').where('user_id', '=', userId).where('actor_id', '=', follow.actor_id).execute();
  const context = fed.federation.createContext(new URL(ctx.config.publicUrl), fed.data);
  const me = context.getActorUri(follow.uuid);
  await context.sendActivity(
    { identifier: follow.uuid },
    recipientOf(follow),
    new Undo({ id: new URL(`${follow.follow_uri}/undo`), actor: me, object: new Follow({ id: new URL(follow.follow_uri), actor: me, object: new URL(follow.uri) }) }),
  );
}

/** The posts of the accounts the viewer follows elsewhere, newest first (one query per page). */
export async function remoteTimeline(ctx: AppContext, userId: string, before: string | undefined): Promise<RemoteTimeline> {
  const cursor = readCursor(before, 1);
  let query = ctx.db
    .selectFrom('remote_posts as p')
    .innerJoin('remote_follows as f', (join) => join.onRef('f.actor_id', '=', 'p.actor_id').on('f.user_id', '=', userId))
    .innerJoin('remote_actors as a', 'a.id', 'p.actor_id')
    .select(['p.id', 'p.content_html', 'p.url', 'p.summary', 'p.sensitive', 'p.published_at', 'a.handle', 'a.name', 'a.icon_url', 'a.url as account_url'])
    .orderBy('p.id', 'desc')
    .limit(TIMELINE_PAGE + 1);
  if (cursor) query = query.where('p.id', '<', cursor[0]!);
  const rows = await query.execute();
  const shown = rows.slice(0, TIMELINE_PAGE);
  return {
    posts: shown.map((row) => ({
      id: row.id,
      account: { handle: row.handle, name: row.name, icon_url: row.icon_url, url: row.account_url },
      content_html: row.content_html,
      url: row.url,
      summary: row.summary,
      sensitive: row.sensitive,
      published: row.published_at.toISOString(),
    })),
    next: rows.length > TIMELINE_PAGE ? cursorOf(shown[shown.length - 1]!.id) : null,
  };
}
