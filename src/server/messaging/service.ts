// Reading messaging: the inbox, a conversation's messages (which marks it read), one
// conversation, marking read and deleting. Sending is in send.ts.
import {
  CONVERSATIONS_PAGE, MESSAGES_PAGE, type ConversationsPage, type ConversationView, type ConversationWithMessages, type Links, type MessageView,
} from '../../shared/messaging/api';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import type { MessageRow } from '../db/tables/messaging';
import type { Viewer } from '../http/session';
import { cursorOf, pageOf, readCursor } from '../http/paging';
import { conversationFor, conversationNotFound } from './access';
import {
  conversationOfPair, hiddenOf, inboxPage, messagePage, messagesById, messagePost, participantRows, postRefs, type InboxRow,
} from './queries';
import { blurred, canSendTo, conversationView, messageView, pageLink, participantView, type ParticipantRow } from './views';

/** Conversations of the acting blog as JSON: blogs, last messages and their posts in one query each. */
export async function conversationViews(ctx: AppContext, viewer: Viewer, blog: BlogRow, rows: InboxRow[]): Promise<ConversationView[]> {
  const lastIds = rows.filter((r) => BigInt(r.last_modified_ts) > BigInt(r.deleted_ts)).map((r) => r.last_modified_ts);
  const [blogs, lastMessages, hidden] = await Promise.all([
    participantRows(ctx.db, [blog.id, ...rows.map((r) => r.other_blog_id)], viewer.user.id, blog.id),
    messagesById(ctx.db, lastIds),
    hiddenOf(ctx.db, blog.id, lastIds),
  ]);
  // A last message this blog deleted on its own is not shown as the conversation's last message.
  const messages = await messageViews(ctx, viewer, [...lastMessages.values()].filter((m) => !hidden.has(m.id)), blogs);
  const byId = new Map(messages.map((m) => [m.ts, m]));
  return rows.map((row) => {
    const other = blogs.get(row.other_blog_id)!;
    return conversationView({
      id: row.conversation_id,
      last_modified_ts: row.last_modified_ts,
      last_read_ts: row.last_read_ts,
      unread_count: row.unread_count,
      is_possible_spam: row.is_possible_spam,
      is_blurred_images: blurred(row.images_unblurred, other),
      participants: [blogs.get(blog.id)!, other].map((b) => participantView(b, ctx.config.publicUrl)),
      can_send: canSendTo(other, blog),
      last_message: byId.get(row.last_modified_ts) ?? null,
    });
  });
}

/** Messages as JSON, with their senders' uuids and their posts (one query for the posts). */
async function messageViews(ctx: AppContext, viewer: Viewer, rows: MessageRow[], blogs: Map<string, ParticipantRow>): Promise<MessageView[]> {
  const posts = await postRefs(ctx.db, rows, viewer.user.id, ctx.config.publicUrl);
  return rows.map((row) =>
    messageView(row, blogs.get(row.sender_blog_id)?.uuid ?? '', messagePost(row, posts), ctx.config.publicUrl),
  );
}

/**
 * The acting blog's inbox, newest first. The cursor is this server's own (http/paging.ts): the
 * last_modified_ts of the previous page's last conversation (message ids are unique, so one part).
 */
export async function listConversations(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: { before?: string }): Promise<ConversationsPage> {
  const [before] = readCursor(input.before, 1) ?? [];
  const rows = await inboxPage(ctx.db, blog.id, viewer.user.id, before, CONVERSATIONS_PAGE + 1);
  const page = pageOf(rows, CONVERSATIONS_PAGE, (last) => cursorOf(last.last_modified_ts));
  const links: Links = {};
  if (page.next !== null) links.next = pageLink('/svc/conversations', { participant: blog.uuid, before: page.next });
  if (before !== undefined) links.previous = pageLink('/svc/conversations', { participant: blog.uuid });
  return { conversations: await conversationViews(ctx, viewer, blog, page.items), _links: links };
}

export interface MessagesInput {
  conversation_id?: string;
  'participants[]'?: string[];
  limit?: number;
  before?: string;
  after?: string;
}

/** The conversation named by id, or by its blogs (participants[]: the acting blog and one other). */
async function findConversation(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: MessagesInput): Promise<InboxRow> {
  if (input.conversation_id !== undefined) return conversationFor(ctx.db, viewer.user.id, blog, input.conversation_id);
  const others = [...new Set(input['participants[]'])].filter((uuid) => uuid !== blog.uuid);
  if (others.length !== 1) throw conversationNotFound();
  const other = await ctx.db.selectFrom('blogs').select('id').where('uuid', '=', others[0]!).executeTakeFirst();
  const id = other ? await conversationOfPair(ctx.db, blog.id, other.id) : undefined;
  if (!id) throw conversationNotFound();
  return conversationFor(ctx.db, viewer.user.id, blog, id);
}

/**
 * A page of messages, oldest first, with the conversation. The newest page (no cursor) marks the
 * conversation read for the acting blog (spec 2 §4: a fetch marks it read).
 */
export async function conversationMessages(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: MessagesInput): Promise<ConversationWithMessages> {
  let row = await findConversation(ctx, viewer, blog, input);
  const limit = input.limit ?? MESSAGES_PAGE;
  const fetched = await messagePage(ctx.db, row.conversation_id, blog.id, row.deleted_ts, input, limit + 1);
  // The cursors are message ids (spec 2 §7's before and after): the page's ends, as they are.
  const read = pageOf(fetched, limit, (last) => last.id);
  const more = read.next !== null;
  const page = read.items;
  // Oldest first on the wire, whichever way the page was read.
  if (input.after === undefined) page.reverse();
  const links: Links = {};
  const base = { participant: blog.uuid, conversation_id: row.conversation_id, limit: String(limit) };
  const hasOlder = input.after === undefined ? more : page.length > 0;
  const hasNewer = input.after !== undefined ? more : input.before !== undefined;
  if (hasOlder && page.length > 0) links.next = pageLink('/svc/conversations/messages', { ...base, before: page[0]!.id });
  if (hasNewer && page.length > 0) links.previous = pageLink('/svc/conversations/messages', { ...base, after: page.at(-1)!.id });
  if (input.before === undefined && input.after === undefined) row = await markRead(ctx, viewer, blog, row);
  const [conversation] = await conversationViews(ctx, viewer, blog, [row]);
  const blogs = await participantRows(ctx.db, [blog.id, row.other_blog_id], viewer.user.id, blog.id);
  return { ...conversation!, messages: { data: await messageViews(ctx, viewer, page, blogs), _links: links } };
}

/** Marks the conversation read up to its newest message; pokes the user's other tabs and devices. */
async function markRead(ctx: AppContext, viewer: Viewer, blog: BlogRow, row: InboxRow): Promise<InboxRow> {
  if (row.unread_count === 0 && row.last_read_ts === row.last_modified_ts) return row;
  const updated = await ctx.db
    .updateTable('conversation_participants')
    .set((eb) => ({ last_read_ts: eb.ref('last_modified_ts'), unread_count: 0 }))
    .where('conversation_id', '=', row.conversation_id)
    .where('blog_id', '=', blog.id)
    .returning(['last_read_ts', 'last_modified_ts', 'unread_count'])
    .executeTakeFirst();
  await ctx.live.changed([viewer.user.id]);
  return updated ? { ...row, ...updated } : row;
}

export async function oneConversation(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: { conversation_id: string }): Promise<ConversationView> {
  const row = await conversationFor(ctx.db, viewer.user.id, blog, input.conversation_id);
  return (await conversationViews(ctx, viewer, blog, [row]))[0]!;
}

export async function markConversationRead(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: { conversation_id: string }) {
  const row = await markRead(ctx, viewer, blog, await conversationFor(ctx.db, viewer.user.id, blog, input.conversation_id));
  return { conversation_id: row.conversation_id, last_read_ts: row.last_read_ts, unread_messages_count: row.unread_count };
}

/** Deletes the conversation for the acting blog only: its history so far is gone for it. */
export async function deleteConversation(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: { conversation_id: string }) {
  const row = await conversationFor(ctx.db, viewer.user.id, blog, input.conversation_id);
  await ctx.db
    .updateTable('conversation_participants')
    .set((eb) => ({ deleted_ts: eb.ref('last_modified_ts'), last_read_ts: eb.ref('last_modified_ts'), unread_count: 0, deleted_at: new Date() }))
    .where('conversation_id', '=', row.conversation_id)
    .where('blog_id', '=', blog.id)
    .execute();
  await ctx.live.changed([viewer.user.id]);
  return { conversation_id: row.conversation_id, is_deleted: true as const };
}
