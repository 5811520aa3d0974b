// Protection from strangers (spec 2 §6): unblurring a conversation's images, marking it spam
// (the sender is blocked and reported, and the conversation leaves the reporter's inbox), deleting
// one message for the acting blog only, and reporting one message for admins.
import { sql } from 'kysely';
import type { MessageRow } from '../db/tables/messaging';
import { addBlock } from '../blocks/service';
import type { AppContext } from '../context';
import { AppError, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import type { BlogRow } from '../db/tables/blog';
import { conversationFor } from './access';

interface Target {
  conversation_id: string;
}

const noSuchMessage = () =>
  new AppError(404, ErrorCode.notFound, 'There is no such message in this conversation.', [
    { code: ErrorCode.notFound, title: 'There is no such message in this conversation.', field: 'message_id' },
  ]);

/** A few words of a message for the admins' list, whatever its type. */
function excerptOf(message: MessageRow | undefined): string {
  if (!message) return '';
  if (message.type === 'IMAGE') return message.post_id ? '[GIF]' : '[image]';
  if (message.type === 'STICKER') return `[sticker ${message.sticker_id ?? ''}]`;
  const text = message.content.text.slice(0, 500);
  return message.type === 'POSTREF' ? `[post ${message.post_id ?? ''}] ${text}`.trim() : text;
}

/** POST /svc/conversations/flag type=unblur: this blog sees the other's images, on every device. */
export async function unblurConversation(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: Target) {
  const row = await conversationFor(ctx.db, viewer.user.id, blog, input.conversation_id);
  await ctx.db
    .updateTable('conversation_participants')
    .set({ images_unblurred: true })
    .where('conversation_id', '=', row.conversation_id)
    .where('blog_id', '=', blog.id)
    .execute();
  return { conversation_id: row.conversation_id, is_blurred_images: false as const };
}

/**
 * POST /svc/conversations/flag type=spam: files the report and empties the reporter's side of the
 * conversation first (after the block the conversation is hidden, so it could not be found), then
 * blocks the sending blog through the block service (which also tells every process).
 */
export async function markSpam(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: Target & { context?: string }) {
  const row = await conversationFor(ctx.db, viewer.user.id, blog, input.conversation_id);
  const other = await ctx.db.selectFrom('blogs').select(['id', 'name']).where('id', '=', row.other_blog_id).executeTakeFirstOrThrow();
  const last = await ctx.db.selectFrom('messages').selectAll().where('id', '=', row.last_modified_ts).executeTakeFirst();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('message_reports')
      .values({
        kind: 'spam',
        conversation_id: row.conversation_id,
        message_id: last?.id ?? null,
        reporter_user_id: viewer.user.id,
        reporter_blog_id: blog.id,
        reported_blog_id: other.id,
        excerpt: excerptOf(last),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .updateTable('conversation_participants')
      .set((eb) => ({ deleted_ts: eb.ref('last_modified_ts'), last_read_ts: eb.ref('last_modified_ts'), unread_count: 0, deleted_at: new Date(), is_possible_spam: false }))
      .where('conversation_id', '=', row.conversation_id)
      .where('blog_id', '=', blog.id)
      .execute();
  });
  await addBlock(ctx, viewer, { tumblelog: blog.name, blocked_tumblelog: other.name, block_context: `messaging-spam-${input.context ?? 'inline'}`.slice(0, 100) });
  await ctx.live.changed([viewer.user.id]);
  return { conversation_id: row.conversation_id, is_spam: true as const, blocked_tumblelog: other.name };
}

/** A message of the conversation that the acting blog can still see, or 404. */
async function visibleMessage(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: Target & { message_id: string }) {
  const row = await conversationFor(ctx.db, viewer.user.id, blog, input.conversation_id);
  const message = await ctx.db
    .selectFrom('messages')
    .selectAll()
    .where('id', '=', input.message_id)
    .where('conversation_id', '=', row.conversation_id)
    .where('id', '>', row.deleted_ts)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('message_hidden as h').select('h.message_id').where('h.blog_id', '=', blog.id).whereRef('h.message_id', '=', 'messages.id'))),
    )
    .executeTakeFirst();
  if (!message) throw noSuchMessage();
  return { row, message };
}

/**
 * DELETE /svc/conversations/messages/{message_id}: gone for the acting blog, kept for the other.
 * An unread message (the other's, newer than what this blog read) leaves the unread count too:
 * only when this call hid it (a second delete of the same message changes nothing) and only while
 * it is still unread under the row lock (a read that lands first has already set the count to 0).
 */
export async function deleteMessage(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: Target & { message_id: string }) {
  const { row, message } = await visibleMessage(ctx, viewer, blog, input);
  const wasUnread = message.sender_blog_id !== blog.id && BigInt(message.id) > BigInt(row.last_read_ts);
  const unread = await ctx.db.transaction().execute(async (trx) => {
    const hid = await trx
      .insertInto('message_hidden')
      .values({ message_id: message.id, blog_id: blog.id })
      .onConflict((oc) => oc.doNothing())
      .returning('message_id')
      .executeTakeFirst();
    if (!hid || !wasUnread) return null;
    const changed = await trx
      .updateTable('conversation_participants')
      .set((eb) => ({ unread_count: sql<number>`greatest(${eb.ref('unread_count')} - 1, 0)` }))
      .where('conversation_id', '=', row.conversation_id)
      .where('blog_id', '=', blog.id)
      .where('last_read_ts', '<', message.id)
      .where('unread_count', '>', 0)
      .returning('unread_count')
      .executeTakeFirst();
    return changed?.unread_count ?? null;
  });
  // The poll and the stream read counts from memory: every process forgets this user's.
  if (unread !== null) await ctx.live.changed([viewer.user.id]);
  return { message_id: message.id, is_deleted: true as const, ...(unread !== null && { unread_messages_count: unread }) };
}

/** POST /svc/conversations/report: the other blog's message, stored with its words for admins. */
export async function reportMessage(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: Target & { message_id: string }) {
  const { row, message } = await visibleMessage(ctx, viewer, blog, input);
  if (message.sender_blog_id !== row.other_blog_id) {
    throw new AppError(400, ErrorCode.notAllowed, "You can't report your own message.", [
      { code: ErrorCode.notAllowed, title: "You can't report your own message.", field: 'message_id' },
    ]);
  }
  await ctx.db
    .insertInto('message_reports')
    .values({
      kind: 'message',
      conversation_id: row.conversation_id,
      message_id: message.id,
      reporter_user_id: viewer.user.id,
      reporter_blog_id: blog.id,
      reported_blog_id: message.sender_blog_id,
      excerpt: excerptOf(message),
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { message_id: message.id, is_reported: true as const };
}
