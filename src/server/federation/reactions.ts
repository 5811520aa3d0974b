// What accounts elsewhere do to our posts, after Fedify verified the signature and that the signer
// is the activity's actor: a Like, an Announce (a reblog) or a Note replying to a post of ours that
// federates becomes a note on it (remote_notes) and an activity notification for its blog, as a
// local like, reblog or reply does; Undo of the Like or Announce, or Delete of the reply, takes it
// back (the notification goes with it); Update of the reply changes its words.
import type { InboxContext } from '@fedify/fedify';
import { Announce, Article, Like, Note, type Activity } from '@fedify/vocab';
import { htmlToPlainText } from '../content/sanitize';
import { cutText } from '../content/summary';
import type { NoteMeta } from '../db/tables/notification';
import type { FederationData } from './data';
import { federatable } from './outbox';
import { saveRemoteActor } from './remote-actors';
import { notifyFromElsewhere } from '../activity/notify';

type Ctx = InboxContext<FederationData>;
type Kind = 'like' | 'reblog' | 'reply';

/** As long as a local reply may be. */
const REPLY_MAX = 500;

/** The post of ours an object id names, while it federates (public, published, not members-only, blog in good standing). */
export async function ourPost(ctx: Ctx, uri: URL | null): Promise<{ id: string; blog_id: string } | undefined> {
  if (!uri) return undefined;
  const parsed = ctx.parseUri(uri);
  if (parsed?.type !== 'object' || (parsed.class !== Note && parsed.class !== Article)) return undefined;
  const id = parsed.values['id'];
  if (!id || !/^\d{1,18}$/.test(id)) return undefined;
  return federatable(ctx.data.app.db).where('p.id', '=', id).executeTakeFirst();
}

/** The activity's actor as we keep it: known already, or fetched (through the safe fetcher) and kept. */
async function actorOf(ctx: Ctx, activity: Activity) {
  if (!activity.actorId) return null;
  const db = ctx.data.app.db;
  const known = await db.selectFrom('remote_actors').select(['id', 'handle', 'name', 'icon_url', 'url']).where('uri', '=', activity.actorId.href).executeTakeFirst();
  if (known) return known;
  return saveRemoteActor(db, ctx.data.fetcher, await activity.getActor(ctx).catch(() => null)).catch(() => null);
}

/** Keeps the note (once per activity, and one like and one reblog per account) and tells the post's blog. */
async function keepNote(ctx: Ctx, activity: Activity, post: { id: string; blog_id: string }, kind: Kind, uri: URL, reply?: { text: string; url: string | null }) {
  const actor = await actorOf(ctx, activity);
  if (!actor) return;
  const db = ctx.data.app.db;
  // An account the post's blog blocks leaves no note on it.
  const blocked = await db.selectFrom('remote_blocks').select('actor_id').where('blog_id', '=', post.blog_id).where('actor_id', '=', actor.id).executeTakeFirst();
  if (blocked) return;
  await db.transaction().execute(async (trx) => {
    const note = await trx
      .insertInto('remote_notes')
      .values({ post_id: post.id, actor_id: actor.id, kind, uri: uri.href, text: reply?.text ?? null, url: reply?.url ?? null })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!note) return;
    const meta: NoteMeta = {
      from_remote: { handle: actor.handle, name: actor.name, icon_url: actor.icon_url, url: actor.url },
      ...(reply ? { reply_text: reply.text } : {}),
    };
    await notifyFromElsewhere(trx, { blogId: post.blog_id, type: kind, postId: post.id, noteMeta: meta, remoteNoteId: note.id });
  });
}

export async function receiveLike(ctx: Ctx, like: Like): Promise<void> {
  const post = await ourPost(ctx, like.objectId);
  if (post && like.id) await keepNote(ctx, like, post, 'like', like.id);
}

export async function receiveAnnounce(ctx: Ctx, announce: Announce): Promise<void> {
  const post = await ourPost(ctx, announce.objectId);
  if (post && announce.id) await keepNote(ctx, announce, post, 'reblog', announce.id);
}

/** A reply's words as our replies are: plain text, at most as long. */
const replyText = (object: Note | Article) => cutText(htmlToPlainText(String(object.content ?? '').slice(0, 100_000)), REPLY_MAX) || '…';

/** A Create whose Note replies to a post of ours: true when it did (and was kept as a reply note). */
export async function receiveReply(ctx: Ctx, activity: Activity, object: Note | Article): Promise<boolean> {
  const post = await ourPost(ctx, object.replyTargetId);
  if (!post || !object.id) return false;
  const url = object.url instanceof URL && /^https?:/.test(object.url.protocol) ? object.url.href : null;
  await keepNote(ctx, activity, post, 'reply', object.id, { text: replyText(object), url });
  return true;
}

/** Undo of a Like or an Announce by whoever sent it: the note and its notification go. */
export async function undoReaction(ctx: Ctx, actor: URL, object: Like | Announce): Promise<void> {
  if (!object.id || object.actorId?.href !== actor.href) return;
  await removeNote(ctx, actor, object.id);
}

/** Removes a note of ours an account elsewhere made (their Undo, or Delete of their reply). */
export async function removeNote(ctx: Ctx, actor: URL, uri: URL): Promise<void> {
  const db = ctx.data.app.db;
  await db
    .deleteFrom('remote_notes')
    .where('uri', '=', uri.href)
    .where('actor_id', 'in', db.selectFrom('remote_actors').select('id').where('uri', '=', actor.href))
    .execute();
}

/** Update of a reply by its author: the new words. */
export async function updateReply(ctx: Ctx, actor: URL, object: Note | Article): Promise<void> {
  if (!object.id) return;
  const db = ctx.data.app.db;
  await db
    .updateTable('remote_notes')
    .set({ text: replyText(object) })
    .where('uri', '=', object.id.href)
    .where('kind', '=', 'reply')
    .where('actor_id', 'in', db.selectFrom('remote_actors').select('id').where('uri', '=', actor.href))
    .execute();
}
