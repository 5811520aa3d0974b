// What other servers send us, after Fedify verified the signature and that the signer is the
// activity's actor. Follow of a blog: accepted at once. Undo of it: the follow ends. Accept of our
// Follow: it holds. Create from an account one of our people follows: the post is kept, its HTML
// through our sanitizer, for their dashboards. Update and Delete from its author: the copy changes
// or goes. Likes, Announces and replies of our posts: reactions.ts.
import type { InboxContext, RequestContext, UnverifiedActivityReason } from '@fedify/fedify';
import { Accept, Announce, Article, Delete, Follow, Like, Note, Reject, type Activity, type Create, type Undo, type Update } from '@fedify/vocab';
import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { sanitizeRichHtml } from '../content/sanitize';
import { blogByUuid, type FederationData } from './data';
import { receiveReply, removeNote, undoReaction, updateReply } from './reactions';
import { saveRemoteActor } from './remote-actors';
import { ACTIVITY_TYPES, FEDERATION_USER_AGENT } from './loader';
import type { Db } from '../db/schema';
import { blogBlocksActor } from './blocked';

type Ctx = InboxContext<FederationData>;

/**
 * An account that is gone: its follows of our blogs end, our follows of it end, what it sent goes.
 * The row stays (a blog's block of it holds should it come back).
 */
export async function forgetActor(db: Db, uri: URL): Promise<void> {
  const actor = await db.selectFrom('remote_actors').select('id').where('uri', '=', uri.href).executeTakeFirst();
  if (!actor) return;
  await db.transaction().execute(async (trx) => {
    for (const table of ['remote_followers', 'remote_follows', 'remote_posts', 'remote_notes'] as const) {
      await trx.deleteFrom(table).where('actor_id', '=', actor.id).execute();
    }
  });
}

/**
 * A Delete of an account by itself whose key cannot be fetched, when its own server answers 404 or
 * 410 for the account: the server says the account is gone, which is what the Delete says (a
 * suspended blog of another Tumbleweed, whose key we had not kept). Anything else unsigned: 401.
 */
export async function receiveUnverified(ctx: RequestContext<FederationData>, activity: Activity, reason: UnverifiedActivityReason): Promise<Response | void> {
  if (!(activity instanceof Delete) || !activity.actorId || activity.objectId?.href !== activity.actorId.href) return;
  if (reason.type !== 'keyFetchError' || !reason.keyId || reason.keyId.origin !== activity.actorId.origin) return;
  // Asked of the account's own server, not taken from the sender's word.
  const status = await ctx.data.fetcher.fetchDocument(activity.actorId.href, { accept: 'application/activity+json', types: ACTIVITY_TYPES, userAgent: FEDERATION_USER_AGENT }).then(
    (page) => page.status,
    (error: unknown) => Number(/\(HTTP (\d{3})\)/.exec(error instanceof Error ? error.message : '')?.[1] ?? 0),
  );
  if (status !== 404 && status !== 410) return;
  await forgetActor(ctx.data.app.db, activity.actorId);
  return new Response(null, { status: 202 });
}

/** The longest post HTML kept from elsewhere, before sanitizing. */
const MAX_CONTENT = 100_000;

export async function receiveFollow(ctx: Ctx, follow: Follow): Promise<void> {
  if (!follow.id || !follow.actorId || !follow.objectId) return;
  const target = ctx.parseUri(follow.objectId);
  if (target?.type !== 'actor') return;
  const blog = await blogByUuid(ctx.data.app, target.identifier);
  if (!blog || blog.is_suspended || blog.deleted_at) return;
  const follower = await follow.getActor(ctx);
  const me = ctx.getActorUri(target.identifier);
  // An account the blog blocks is told no, and never becomes a follower.
  if (await blogBlocksActor(ctx.data.app.db, blog.id, follow.actorId.href)) {
    if (follower) await ctx.sendActivity({ identifier: target.identifier }, follower, new Reject({ id: new URL(`${me.href}#rejects/${randomUUID()}`), actor: me, object: follow }));
    return;
  }
  const actor = await saveRemoteActor(ctx.data.app.db, ctx.data.fetcher, follower);
  if (!actor || !follower) return;
  await ctx.data.app.db.insertInto('remote_followers').values({ blog_id: blog.id, actor_id: actor.id }).onConflict((oc) => oc.doNothing()).execute();
  await ctx.sendActivity(
    { identifier: target.identifier },
    follower,
    new Accept({ id: new URL(`${me.href}#accepts/${randomUUID()}`), actor: me, object: follow }),
  );
}

export async function receiveUndo(ctx: Ctx, undo: Undo): Promise<void> {
  const object = await undo.getObject(ctx);
  if ((object instanceof Like || object instanceof Announce) && undo.actorId) return undoReaction(ctx, undo.actorId, object);
  if (!(object instanceof Follow) || !object.objectId || !undo.actorId) return;
  // Only the follower itself takes its follow back.
  if (object.actorId?.href !== undo.actorId.href) return;
  const target = ctx.parseUri(object.objectId);
  if (target?.type !== 'actor') return;
  const blog = await blogByUuid(ctx.data.app, target.identifier);
  if (!blog) return;
  const db = ctx.data.app.db;
  await db
    .deleteFrom('remote_followers')
    .where('blog_id', '=', blog.id)
    .where('actor_id', 'in', db.selectFrom('remote_actors').select('id').where('uri', '=', undo.actorId.href))
    .execute();
}

export async function receiveAccept(ctx: Ctx, accept: Accept): Promise<void> {
  if (!accept.actorId) return;
  const object = await accept.getObject(ctx);
  if (!(object instanceof Follow) || !object.id) return;
  const db = ctx.data.app.db;
  // The account accepting must be the one our Follow asked.
  await db
    .updateTable('remote_follows')
    .set({ accepted: true })
    .where('follow_uri', '=', object.id.href)
    .where('actor_id', 'in', db.selectFrom('remote_actors').select('id').where('uri', '=', accept.actorId.href))
    .execute();
}

export async function receiveCreate(ctx: Ctx, create: Create): Promise<void> {
  if (!create.actorId) return;
  const object = await create.getObject(ctx);
  if (!(object instanceof Note || object instanceof Article) || !object.id) return;
  // A post is its author's to send: not someone else's Create of it.
  if (object.attributionId?.href !== create.actorId.href || object.id.host !== create.actorId.host) return;
  // A reply to a post of ours is a note on it, from anyone (reactions.ts).
  if (await receiveReply(ctx, create, object)) return;
  const db = ctx.data.app.db;
  // Kept only when one of our people follows the author: nobody else would see it.
  const author = await db
    .selectFrom('remote_actors as a')
    .select('a.id')
    .where('a.uri', '=', create.actorId.href)
    .where((eb) => eb.exists(eb.selectFrom('remote_follows as f').select('f.actor_id').whereRef('f.actor_id', '=', 'a.id')))
    .executeTakeFirst();
  if (!author) return;
  const html = htmlOf(object);
  const url = object.url instanceof URL && /^https?:/.test(object.url.protocol) ? object.url.href : null;
  const sent = object.published ? new Date(object.published.epochMilliseconds) : new Date();
  // A date from the future would pin the post to the top of every dashboard.
  const published = sent.getTime() > Date.now() ? new Date() : sent;
  await db
    .insertInto('remote_posts')
    .values({
      actor_id: author.id,
      uri: object.id.href,
      url,
      content_html: html,
      summary: summaryOf(object),
      sensitive: object.sensitive ?? false,
      published_at: published,
      feed_id: sql<string>`id_at(${published})`,
    })
    .onConflict((oc) => oc.column('uri').doNothing())
    .execute();
}

/** A received post's HTML through our sanitizer, an Article's title first. */
function htmlOf(object: Note | Article): string {
  const title = object instanceof Article && object.name ? `<h2>${escape(String(object.name))}</h2>` : '';
  return sanitizeRichHtml(`${title}${String(object.content ?? '').slice(0, MAX_CONTENT)}`);
}

const summaryOf = (object: Note | Article) => (object.summary ? String(object.summary).slice(0, 500) : null);

export async function receiveDelete(ctx: Ctx, activity: Delete): Promise<void> {
  if (!activity.actorId || !activity.objectId) return;
  const db = ctx.data.app.db;
  // The account itself is gone (deleted, or suspended on its server).
  if (activity.objectId.href === activity.actorId.href) return forgetActor(db, activity.actorId);
  await db
    .deleteFrom('remote_posts')
    .where('uri', '=', activity.objectId.href)
    .where('actor_id', 'in', db.selectFrom('remote_actors').select('id').where('uri', '=', activity.actorId.href))
    .execute();
  // Or it was a reply to one of our posts.
  await removeNote(ctx, activity.actorId, activity.objectId);
}

/** Update of a post we were sent, or of a reply to ours: the copy changes, only at its author's word. */
export async function receiveUpdate(ctx: Ctx, update: Update): Promise<void> {
  if (!update.actorId) return;
  const object = await update.getObject(ctx);
  if (!(object instanceof Note || object instanceof Article) || !object.id) return;
  if (object.attributionId?.href !== update.actorId.href || object.id.host !== update.actorId.host) return;
  const db = ctx.data.app.db;
  await db
    .updateTable('remote_posts')
    .set({ content_html: htmlOf(object), summary: summaryOf(object), sensitive: object.sensitive ?? false })
    .where('uri', '=', object.id.href)
    .where('actor_id', 'in', db.selectFrom('remote_actors').select('id').where('uri', '=', update.actorId.href))
    .execute();
  await updateReply(ctx, update.actorId, object);
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
