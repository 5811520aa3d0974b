// POST /svc/conversations/messages: the rules of spec 2 §6 in the order a person can act on
// them, then one transaction. Idempotent: a repeat of a blog's idempotency_key answers the
// message stored the first time (a unique index holds it, bursts included).
import { sql } from 'kysely';
import { messageContext, MESSAGE_TEXT_MAX, type ConversationWithMessages, type MessageImageView, type SendInput } from '../../shared/messaging/api';
import { MESSAGING_TEXTS, MessagingErrorCode } from '../../shared/messaging/errors';
import { messageLinks, type FormattingEntry } from '../../shared/messaging/links';
import { assertNotBlocked, assertNotBlockedLocked, blockedError } from '../blocks/queries';
import type { AppContext } from '../context';
import type { Db } from '../db/schema';
import type { BlogRow } from '../db/tables/blog';
import type { MessageRow } from '../db/tables/messaging';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import type { Viewer } from '../http/session';
import { giveBack, hitsOf, refuse, take, type Bucket } from '../limits/rate-limit';
import { visiblePost } from '../rules/posts';
import { assertMayReach, mayReach } from '../visibility';
import { conversationFor, conversationNotFound, notYourBlog, unverified } from './access';
import { conversationOfPair, messagePost, participantRows, postRefs } from './queries';
import { sendContext, sendInOneStatement, storeInConversation, type MessageToSend, type SendContextRow, type StoredInto } from './send-sql';
import { conversationViews } from './service';
import { gifMessage } from './gifs';
import { processMessageImage, type ImageUpload } from './images';
import { takeSendTurn } from './send-rate';
import { looksLikeSpam } from './spam-rule';
import { isSticker } from './stickers';
import { blurred, canSendTo, conversationView, messageView, participantView, type ParticipantRow } from './views';

const DAY_MS = 86_400_000;

const cannotReceive = () => new AppError(403, MessagingErrorCode.cannotReceive, MESSAGING_TEXTS.cannotReceive);
const followersOnly = (name: string) => new AppError(403, MessagingErrorCode.followersOnly, MESSAGING_TEXTS.followersOnly(name));
const followToSend = () => new AppError(409, MessagingErrorCode.followToSend, MESSAGING_TEXTS.followToSend);
const noSuchBlog = () =>
  new AppError(404, ErrorCode.blogNotFound, 'There is no such blog to message.', [
    { code: ErrorCode.blogNotFound, title: 'There is no such blog to message.', field: 'participants[]' },
  ]);

interface Prepared {
  type: 'TEXT' | 'POSTREF' | 'IMAGE' | 'STICKER';
  text: string;
  /** The links found in the text (shared/messaging/links.ts), stored as content.formatting. */
  formatting?: FormattingEntry[];
  postId: string | null;
  postBlogId: string | null;
  image?: MessageImageView;
  /** The uploaded image's sha256: its files become visible to the conversation. */
  imageSha?: string;
  stickerId?: string;
}

/** An image as stored: with the sender's alt text, kept with the image it describes (issue 24.4). */
const storedImage = (prepared: Prepared, input: SendInput) =>
  prepared.image ? JSON.stringify(input.alt_text ? { ...prepared.image, alt_text: input.alt_text } : prepared.image) : null;

const storedContent = (prepared: Prepared) => JSON.stringify({ text: prepared.text, formatting: prepared.formatting ?? [] });

/** The stored fields of a checked message, as both send statements take them. */
const messageToSend = (prepared: Prepared, input: SendInput): MessageToSend => ({
  type: prepared.type,
  content: storedContent(prepared),
  postId: prepared.postId,
  postBlogId: prepared.postBlogId,
  image: storedImage(prepared, input),
  stickerId: prepared.stickerId ?? null,
  context: messageContext(input.context) ?? null,
  idempotencyKey: input.idempotency_key ?? null,
});

/** What the message says, checked: text trimmed to 1–4096 characters; a post the sender may see. */
async function prepare(ctx: AppContext, viewer: Viewer, input: SendInput, upload: ImageUpload | null): Promise<Prepared> {
  if (upload && input.type !== 'IMAGE') throw invalidField('type', 'A message with an image must have type IMAGE.');
  if (input.alt_text && input.type !== 'IMAGE') throw invalidField('alt_text', 'Alt text describes an image: send it only with type IMAGE.');
  if (input.type === 'STICKER') {
    if (input.sticker_id === undefined || !isSticker(input.sticker_id)) throw invalidField('sticker_id', 'There is no such sticker: pick one from the sticker pack.');
    return { type: 'STICKER', text: '', postId: null, postBlogId: null, stickerId: input.sticker_id };
  }
  if (input.type === 'IMAGE') {
    // The image itself is processed only once every rule has passed (sendMessage), so a refused
    // send leaves no sizes in storage.
    if (upload) return { type: 'IMAGE', text: '', postId: null, postBlogId: null };
    return { type: 'IMAGE', text: '', ...(await gifMessage(ctx, viewer, input)) };
  }
  const text = (input.message ?? '').trim();
  if (text.length > MESSAGE_TEXT_MAX) {
    throw invalidField('message', `Messages can be at most ${MESSAGE_TEXT_MAX} characters long.`);
  }
  if (input.type === 'TEXT') {
    if (text.length === 0) throw invalidField('message', 'Write a message first: it is empty.');
    return { type: 'TEXT', text, formatting: messageLinks(text, ctx.config.publicUrl), postId: null, postBlogId: null };
  }
  if (input['post[id]'] === undefined) throw invalidField('post[id]', 'Say which post to send: post[id] is missing.');
  const seen = await visiblePost(ctx.db, viewer, input['post[id]']);
  if (input['post[blog_uuid]'] !== undefined && seen.blog.uuid !== input['post[blog_uuid]']) {
    throw new AppError(404, ErrorCode.notFound, 'There is no such post, or it is not yours to see.');
  }
  return { type: 'POSTREF', text, formatting: messageLinks(text, ctx.config.publicUrl), postId: seen.post.id, postBlogId: seen.blog.id };
}

/** The other blog named in participants[] (the sender's and one other), and their conversation if any. */
async function otherBlogByUuid(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: SendInput): Promise<{ otherId: string; conversationId: string | null }> {
  const others = [...new Set(input['participants[]'])].filter((uuid) => uuid !== blog.uuid);
  if (others.length !== 1) {
    throw invalidField('participants[]', 'A conversation is between two blogs: list your blog and one other in participants[].');
  }
  const other = await ctx.db.selectFrom('blogs').selectAll().where('uuid', '=', others[0]!).executeTakeFirst();
  if (!other || !mayReach(other)) throw noSuchBlog();
  if (other.user_id === viewer.user.id) {
    throw new AppError(400, ErrorCode.notAllowed, "You can't message your own blog.", [
      { code: ErrorCode.notAllowed, title: "You can't message your own blog.", field: 'participants[]' },
    ]);
  }
  await assertNotBlocked(ctx.db, viewer.user.id, other.id);
  return { otherId: other.id, conversationId: await conversationOfPair(ctx.db, blog.id, other.id) ?? null };
}

async function storedMessage(db: Db, senderBlogId: string, key: string | undefined): Promise<MessageRow | undefined> {
  if (key === undefined) return undefined;
  return db.selectFrom('messages').selectAll().where('sender_blog_id', '=', senderBlogId).where('idempotency_key', '=', key).executeTakeFirst();
}

async function imagePrepared(ctx: AppContext, upload: ImageUpload) {
  const { image, sha256 } = await processMessageImage(ctx, upload);
  return { image, imageSha: sha256 };
}

type Stored = { message: MessageRow; created: boolean; mine: StoredInto['mine'] };

/**
 * A send into a conversation that exists: one statement (send-sql.ts). A repeat of the key stored
 * at the same moment by another request answers that message.
 */
async function storeExisting(ctx: AppContext, viewer: Viewer, blog: BlogRow, otherId: string, conversationId: string, prepared: Prepared, input: SendInput): Promise<Stored> {
  return writtenAlready(ctx, blog, input, await storeInConversation(ctx.db, {
    conversationId,
    senderBlogId: blog.id,
    otherBlogId: otherId,
    viewerUserId: viewer.user.id,
    ...messageToSend(prepared, input),
    imageSha: prepared.imageSha ?? null,
  }));
}

/** What a one-statement write did, as the send answers it. */
async function writtenAlready(ctx: AppContext, blog: BlogRow, input: SendInput, stored: StoredInto): Promise<Stored> {
  if (stored.blocked) throw blockedError();
  if (stored.message) return { message: stored.message, created: false, mine: stored.mine };
  const message = await storedMessage(ctx.db, blog.id, input.idempotency_key);
  // No message and no key that explains it: the other blog's row is gone.
  if (!message) throw conversationNotFound();
  return { message, created: false, mine: undefined };
}

/** The first message of two blogs: the conversation, both participants and the message, one transaction. */
async function storeFirst(ctx: AppContext, viewer: Viewer, blog: BlogRow, other: ParticipantRow, prepared: Prepared, input: SendInput, startedToday: number): Promise<Stored> {
  return ctx.db.transaction().execute(async (trx) => {
    // The block check holds the other blog's row, so a block made meanwhile waits for this send.
    await assertNotBlockedLocked(trx, viewer.user.id, other.id);
    const [low, high] = BigInt(blog.id) < BigInt(other.id) ? [blog.id, other.id] : [other.id, blog.id];
    // Two first messages at once: one inserts, the other waits on the unique pair, then reads it.
    const inserted = await trx.insertInto('conversations').values({ pair_low: low, pair_high: high }).onConflict((oc) => oc.columns(['pair_low', 'pair_high']).doNothing()).returning('id').executeTakeFirst();
    const created = inserted !== undefined;
    const id = inserted?.id ?? (await conversationOfPair(trx, blog.id, other.id))!;
    // The conversation's turn before its participants, as every send takes it (send-sql.ts, conversationTurn).
    await trx.selectFrom('conversations').select('id').where('id', '=', id).forNoKeyUpdate().execute();
    await trx
      .insertInto('conversation_participants')
      .values([low, high].map((blogId) => ({
        conversation_id: id,
        blog_id: blogId,
        is_possible_spam: blogId === other.id && looksLikeSpam(prepared, other, startedToday),
      })))
      .onConflict((oc) => oc.columns(['conversation_id', 'blog_id']).doNothing())
      .execute();
    const message = await trx
      .insertInto('messages')
      .values({
        conversation_id: id,
        sender_blog_id: blog.id,
        type: prepared.type,
        content: storedContent(prepared),
        post_id: prepared.postId,
        post_blog_id: prepared.postBlogId,
        image: storedImage(prepared, input),
        sticker_id: prepared.stickerId ?? null,
        context: messageContext(input.context),
        idempotency_key: input.idempotency_key ?? null,
      })
      .onConflict((oc) => oc.columns(['sender_blog_id', 'idempotency_key']).where('idempotency_key', 'is not', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    // The same key sent at once: the other request stored it; this one answers that message.
    if (!message) return { message: (await storedMessage(trx, blog.id, input.idempotency_key))!, created: false, mine: undefined };
    if (prepared.imageSha) {
      await trx.insertInto('message_media').values({ message_id: message.id, conversation_id: id, sha256: prepared.imageSha }).onConflict((oc) => oc.doNothing()).execute();
    }
    await trx.updateTable('conversations').set((eb) => ({ last_modified_ts: eb.fn('greatest', [eb.ref('last_modified_ts'), eb.val(message.id)]) })).where('id', '=', id).execute();
    const updated = await trx
      .updateTable('conversation_participants')
      .set((eb) => ({
        last_modified_ts: eb.fn('greatest', [eb.ref('last_modified_ts'), eb.val(message.id)]),
        status: 'ACTIVE',
        unread_count: eb.case().when('blog_id', '=', blog.id).then(0).else(eb('unread_count', '+', 1)).end(),
        last_read_ts: sql<string>`case when blog_id = ${blog.id} then greatest(last_read_ts, ${message.id}) else last_read_ts end`,
      }))
      .where('conversation_id', '=', id)
      .returning(['blog_id', 'conversation_id', 'last_modified_ts', 'last_read_ts', 'unread_count', 'deleted_ts', 'images_unblurred', 'is_possible_spam'])
      .execute();
    return { message, created, mine: updated.find((row) => row.blog_id === blog.id) };
  });
}

export async function sendMessage(ctx: AppContext, viewer: Viewer, input: SendInput, upload: ImageUpload | null = null): Promise<ConversationWithMessages> {
  let loaded: PromiseSettledResult<SendContextRow[]>;
  let checked: PromiseSettledResult<Prepared>;
  /** What the one-statement send wrote (it writes only when every rule below passes). */
  let written: StoredInto | undefined;
  // The send rate is counted beside the first read and known before anything is written.
  const [early] = await Promise.all([
    input.conversation_id !== undefined && !upload && viewer.user.email_verified_at !== null
      ? prepare(ctx, viewer, input, null).then((value) => ({ ok: true as const, value }), () => ({ ok: false as const }))
      : { ok: false as const },
    takeSendTurn(ctx, viewer.user.id),
  ]);
  if (early.ok) {
    // The common send (a message into a conversation, by a verified user, nothing to upload):
    // read and write in one statement (send-sql.ts); the rules below then read the same rows.
    const prepared = early.value;
    const one = await sendInOneStatement(ctx.db, viewer.user.id, input.participant, input.conversation_id!, messageToSend(prepared, input));
    loaded = { status: 'fulfilled', value: one.rows };
    checked = { status: 'fulfilled', value: prepared };
    written = one.stored;
  } else {
    // Side by side, as neither needs the other's answer: one statement loads the acting blog, a
    // message already stored under the key, the conversation and both blogs (send-sql.ts).
    [loaded, checked] = await Promise.allSettled([
      sendContext(ctx.db, viewer.user.id, input.participant, input.conversation_id ?? null, input.idempotency_key ?? null),
      prepare(ctx, viewer, input, upload),
    ]);
  }
  if (loaded.status === 'rejected') throw loaded.reason;
  const blog = loaded.value.find((row) => row.is_acting);
  if (!blog) throw notYourBlog();
  if (viewer.user.email_verified_at === null) throw unverified();
  // A retry of a message already stored answers it again whatever changed since; otherwise the
  // first refusal, in the order a person fixes them.
  if (blog.repeat_id !== null) return answer(ctx, viewer, blog, (await storedMessage(ctx.db, blog.id, input.idempotency_key))!);
  assertMayReach(blog);
  if (checked.status === 'rejected') throw checked.reason;
  const prepared = checked.value;

  let other: ParticipantRow;
  let conversationId: string | null;
  if (input.conversation_id !== undefined) {
    // The conversation was checked for blocks by the read (hidden: 404).
    const found = loaded.value.find((row) => !row.is_acting);
    // A suspended blog's conversations take no more messages: 404, as a conversation not there.
    if (blog.found_conversation_id === null || !found || !mayReach(found)) throw conversationNotFound();
    other = found;
    conversationId = blog.found_conversation_id;
  } else {
    const target = await otherBlogByUuid(ctx, viewer, blog, input);
    other = (await participantRows(ctx.db, [target.otherId], viewer.user.id, blog.id)).get(target.otherId)!;
    conversationId = target.conversationId;
  }
  // Every rule here is also in sendInOneStatement's `go` (send-sql.ts), which writes only when
  // they pass: a rule added here alone would refuse a message already stored.
  if (!other.can_receive_messages) throw cannotReceive();
  if (other.messages_from_followed_only && !other.is_blog_following_you) throw followersOnly(other.name);
  // A blog that takes messages only from blogs it follows could never hear back from this one.
  if (conversationId === null && blog.messages_from_followed_only && !other.is_following_blog) throw followToSend();

  if (upload) Object.assign(prepared, await imagePrepared(ctx, upload));

  let bucket: Bucket | null = null;
  let startedToday = 0;
  if (conversationId === null) {
    bucket = { rule: { name: 'messaging-new-conversations', limit: ctx.config.limits.newConversationsPerDay, windowMs: DAY_MS }, subject: viewer.user.id };
    const refusal = await take(ctx.db, [bucket]);
    if (refusal) throw refuse(refusal, { fixed: MESSAGING_TEXTS.dailyLimit }, MessagingErrorCode.dailyLimit);
    // The spam rule reads how many conversations this sender started today (this one included).
    if (!other.is_blog_following_you) startedToday = await hitsOf(ctx.db, bucket);
  }

  const { message, created, mine } = conversationId === null
    ? await storeFirst(ctx, viewer, blog, other, prepared, input, startedToday)
    : written
      ? await writtenAlready(ctx, blog, input, written)
      : await storeExisting(ctx, viewer, blog, other.id, conversationId, prepared, input);
  // The conversation was there after all (made by a request at the same moment): no new one counted.
  if (bucket && !created) await giveBack(ctx.db, [bucket]);
  await ctx.live.changed([viewer.user.id, other.user_id]);
  // A post sent, or linked to in the text, is drawn as its card: the answer loads it.
  if (!mine || message.type === 'POSTREF' || prepared.formatting?.some((entry) => entry.attributes.post_id)) return answer(ctx, viewer, blog, message);
  // The answer from what is in hand: no query after the write for a text message.
  const view = messageView(message, blog.uuid, undefined, ctx.config.publicUrl);
  const conversation = conversationView({
    id: mine.conversation_id,
    last_modified_ts: mine.last_modified_ts,
    last_read_ts: mine.last_read_ts,
    unread_count: mine.unread_count,
    is_possible_spam: mine.is_possible_spam,
    is_blurred_images: blurred(mine.images_unblurred, other),
    participants: [blog, other].map((row) => participantView(row, ctx.config.publicUrl)),
    can_send: canSendTo(other, blog),
    last_message: view,
  });
  return { ...conversation, messages: { data: [view], _links: {} } };
}

/** The conversation as the sender sees it, with the one message sent. */
async function answer(ctx: AppContext, viewer: Viewer, blog: BlogRow, message: MessageRow): Promise<ConversationWithMessages> {
  const row = await conversationFor(ctx.db, viewer.user.id, blog, message.conversation_id);
  const [conversation] = await conversationViews(ctx, viewer, blog, [row]);
  const sender = conversation!.participants.find((p) => p.uuid === blog.uuid)!;
  const posts = await postRefs(ctx.db, [message], viewer.user.id, ctx.config.publicUrl);
  return { ...conversation!, messages: { data: [messageView(message, sender.uuid, messagePost(message, posts), ctx.config.publicUrl)], _links: {} } };
}
