// Messaging SQL: each list is one indexed query; hydration loads its blogs, posts and last
// messages in one query each, however long the page.
import { sql } from 'kysely';
import type { PostRefView } from '../../shared/messaging/api';
import { textSpans } from '../../shared/messaging/links';
import { postText } from '../content/summary';
import { postThumbnail } from '../content/thumbnail';
import type { Db } from '../db/schema';
import type { MessageRow } from '../db/tables/messaging';
import { blogsQuery } from '../hydration/blogs';
import { postUrl } from '../hydration/post-views';
import { isSiteMedia } from '../media/urls';
import { relationColumns } from '../rules/blogs';
import { hiddenBlogIds, isSafeForWork, notAcrossBlock, publicBlog, publicPost } from '../visibility';
import type { ParticipantRow } from './views';

/** The other blog of a 1:1 conversation row, as SQL. */
const otherOf = (blogColumn: string) =>
  sql<string>`case when c.pair_low = ${sql.ref(blogColumn)} then c.pair_high else c.pair_low end`;

export interface InboxRow {
  conversation_id: string;
  last_modified_ts: string;
  last_read_ts: string;
  unread_count: number;
  deleted_ts: string;
  images_unblurred: boolean;
  is_possible_spam: boolean;
  other_blog_id: string;
}

/**
 * A blog's conversations newest first (conversation_participants_inbox_idx), leaving out those
 * it deleted with nothing newer, and those across a block from the viewer. Keyset: `before` is
 * the last_modified_ts of the last row of the previous page (message ids are unique).
 */
export function inboxPageQuery(db: Db, blogId: string, viewerUserId: string, before: string | undefined, limit: number) {
  return db
    .selectFrom('conversation_participants as cp')
    .innerJoin('conversations as c', 'c.id', 'cp.conversation_id')
    .select(['cp.conversation_id', 'cp.last_modified_ts', 'cp.last_read_ts', 'cp.unread_count', 'cp.deleted_ts', 'cp.images_unblurred', 'cp.is_possible_spam'])
    .select(otherOf('cp.blog_id').as('other_blog_id'))
    .where('cp.blog_id', '=', blogId)
    .where((eb) => eb('cp.last_modified_ts', '>', eb.ref('cp.deleted_ts')))
    .$if(before !== undefined, (qb) => qb.where('cp.last_modified_ts', '<', before!))
    .where(sql<boolean>`${otherOf('cp.blog_id')} not in (${hiddenBlogIds(db, viewerUserId)})`)
    .orderBy('cp.last_modified_ts', 'desc')
    .orderBy('cp.conversation_id', 'desc')
    .limit(limit);
}

export const inboxPage = (db: Db, blogId: string, viewerUserId: string, before: string | undefined, limit: number) =>
  inboxPageQuery(db, blogId, viewerUserId, before, limit).execute() as Promise<InboxRow[]>;

/** One conversation as the acting blog sees it, or undefined when it is not in it or it is hidden. */
export function inboxRow(db: Db, blogId: string, viewerUserId: string, conversationId: string) {
  return db
    .selectFrom('conversation_participants as cp')
    .innerJoin('conversations as c', 'c.id', 'cp.conversation_id')
    .select(['cp.conversation_id', 'cp.last_modified_ts', 'cp.last_read_ts', 'cp.unread_count', 'cp.deleted_ts', 'cp.images_unblurred', 'cp.is_possible_spam'])
    .select(otherOf('cp.blog_id').as('other_blog_id'))
    .where('cp.blog_id', '=', blogId)
    .where('cp.conversation_id', '=', conversationId)
    .where(sql<boolean>`${otherOf('cp.blog_id')} not in (${hiddenBlogIds(db, viewerUserId)})`)
    .executeTakeFirst() as Promise<InboxRow | undefined>;
}

/** The 1:1 conversation of two blogs, if there is one (conversations_pair_idx). */
export async function conversationOfPair(db: Db, a: string, b: string): Promise<string | undefined> {
  const [low, high] = BigInt(a) < BigInt(b) ? [a, b] : [b, a];
  const row = await db.selectFrom('conversations').select('id').where('pair_low', '=', low).where('pair_high', '=', high).executeTakeFirst();
  return row?.id;
}

/**
 * Whether the owner of a blog (its `user_id` column) follows the acting blog: the flag a conversation
 * reads besides the viewer's own follow (spec 2 §3 is_blog_following_you). The send's statement reads it too.
 */
export const followsActingBlog = (ownerColumn: string, actingBlogId: unknown) =>
  sql<boolean>`exists (select 1 from follows f where f.user_id = ${sql.ref(ownerColumn)} and f.blog_id = ${actingBlogId})`;

/**
 * Blogs by id as lists load them (hydration/blogs.ts), with the viewer's follow flag (rules/blogs.ts
 * relationColumns: follows_pkey) and whether each one's owner follows the acting blog.
 */
export async function participantRows(db: Db, blogIds: string[], viewerUserId: string, actingBlogId: string): Promise<Map<string, ParticipantRow>> {
  if (blogIds.length === 0) return new Map();
  const rows = await blogsQuery(db, [...new Set(blogIds)], viewerUserId, {})
    .select([
      relationColumns(db, viewerUserId, 'blogs.id').following.as('is_following_blog'),
      followsActingBlog('blogs.user_id', actingBlogId).as('is_blog_following_you'),
    ])
    .execute();
  return new Map(rows.map(({ blocked: _blocked, ...row }) => [row.id, row as ParticipantRow]));
}

/** Messages by id (the inbox's last messages), one query on the primary key. */
export async function messagesById(db: Db, ids: string[]): Promise<Map<string, MessageRow>> {
  const wanted = ids.filter((id) => id !== '0');
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('messages').selectAll().where('id', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** Which of these messages the blog deleted on its own (message_hidden_pkey: blog, message). */
export async function hiddenOf(db: Db, blogId: string, messageIds: string[]): Promise<Set<string>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db.selectFrom('message_hidden').select('message_id').where('blog_id', '=', blogId).where('message_id', 'in', messageIds).execute();
  return new Set(rows.map((r) => r.message_id));
}

/**
 * A page of a conversation's messages (messages_conversation_idx), past what the blog deleted:
 * newest first below `before`, or oldest first above `after`. `limit` includes the probe row.
 */
export function messagePageQuery(db: Db, conversationId: string, blogId: string, deletedTs: string, cursor: { before?: string; after?: string }, limit: number) {
  const newer = cursor.after !== undefined;
  return db
    .selectFrom('messages')
    .selectAll()
    // Messages this blog deleted one by one (message_hidden_pkey: blog, message).
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('message_hidden as h').select('h.message_id').where('h.blog_id', '=', blogId).whereRef('h.message_id', '=', 'messages.id'))),
    )
    // A range of one value, not "=": with "=", the planner drops conversation_id from the order and
    // may walk the primary key from the newest message of any conversation, reading past every
    // later message of the others (58 ms for a long, older conversation among 1,000,000 messages).
    // Ordered by (conversation_id, id) only messages_conversation_idx gives the order.
    .where('conversation_id', '>=', conversationId)
    .where('conversation_id', '<=', conversationId)
    .where('id', '>', newer && BigInt(cursor.after!) > BigInt(deletedTs) ? cursor.after! : deletedTs)
    .$if(cursor.before !== undefined, (qb) => qb.where('id', '<', cursor.before!))
    // The index is (conversation_id, id desc): forward for older pages, backward for newer ones.
    .orderBy('conversation_id', newer ? 'desc' : 'asc')
    .orderBy('id', newer ? 'asc' : 'desc')
    .limit(limit);
}

export const messagePage = (db: Db, conversationId: string, blogId: string, deletedTs: string, cursor: { before?: string; after?: string }, limit: number) =>
  messagePageQuery(db, conversationId, blogId, deletedTs, cursor, limit).execute();

/**
 * The posts POSTREF messages point to, as the viewer may see them: visibility.ts's rule for one
 * post (seenPost: the viewer's own, or public on a blog not suspended and not across a block) in
 * its list form, for every post of the page in one query. A post that is gone, no longer public,
 * or across a block reads as state 'disabled' (spec 2 §3).
 */
export async function postRefs(db: Db, messages: MessageRow[], viewerUserId: string, publicUrl: string): Promise<Map<string, PostRefView>> {
  // The posts sent, and the posts a text message links to (drawn as their cards): one query.
  const ids = [...new Set(messages.map((m) => (m.type === 'POSTREF' ? m.post_id : linkedPostId(m))).filter((id): id is string => !!id))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.id', 'posts.blog_id')
    .selectAll('posts')
    .select(['blogs.name as blog_name', 'blogs.uuid as blog_uuid', 'blogs.is_nsfw', 'blogs.is_adult'])
    .select(
      sql<boolean>`(blogs.user_id = ${viewerUserId} or (${publicPost('posts')} and ${publicBlog('blogs')} and ${notAcrossBlock(db, 'posts.blog_id', viewerUserId)}))`.as('seen'),
    )
    .where('posts.id', 'in', ids)
    .execute();
  const views = new Map<string, PostRefView>();
  for (const row of rows) {
    // A post may link its picture from anywhere: the card shows it only when the site serves it.
    const thumbnail = postThumbnail(row.content, { minWidth: 250 });
    const seen = row.seen;
    views.set(row.id, {
      id: row.id,
      blog_name: seen ? row.blog_name : '',
      blog_uuid: seen ? row.blog_uuid : '',
      type: seen ? row.type : 'text',
      summary: seen ? postText(row.content, { max: 200 }) : '',
      state: seen ? 'published' : 'disabled',
      post_url: seen ? postUrl(publicUrl, row.blog_name, row) : '',
      thumbnail_url: seen && thumbnail && isSiteMedia(thumbnail, publicUrl) ? thumbnail : null,
      thumbnail_width: null,
      thumbnail_height: null,
      // Safe mode's cover in the conversation (spec 2 §6) reads this: the same rule as its filters.
      is_nsfw: !isSafeForWork(row, row),
    });
  }
  return views;
}

/** The first post a message's text links to (spec 2 §3 link attributes), if any. */
function linkedPostId(message: MessageRow): string | undefined {
  if (message.type !== 'TEXT') return undefined;
  const entry = textSpans(message.content.text, message.content.formatting).find((span) => span.link?.post_id);
  return entry?.link?.post_id;
}

/**
 * The post to draw with a message: the one sent (a removed one as 'disabled'), or for a text the
 * first post it links to, when the reader may see it (a link to a hidden post stays a plain link).
 */
export function messagePost(message: MessageRow, posts: Map<string, PostRefView>): PostRefView | undefined {
  if (message.type === 'POSTREF') return message.post_id ? (posts.get(message.post_id) ?? missingPostRef(message.post_id)) : undefined;
  const id = linkedPostId(message);
  const linked = id ? posts.get(id) : undefined;
  return linked?.state === 'published' ? linked : undefined;
}

/** A post that was deleted: its reference stays, as 'disabled'. */
export const missingPostRef = (id: string): PostRefView => ({
  id, blog_name: '', blog_uuid: '', type: 'text', summary: '', state: 'disabled', post_url: '',
  thumbnail_url: null, thumbnail_width: null, thumbnail_height: null, is_nsfw: false,
});

/**
 * Unread counts of every blog of a user, by blog and conversation
 * (conversation_participants_unread_idx), leaving out conversations across a block.
 */
export function unreadOfUser(db: Db, userId: string) {
  return db
    .selectFrom('conversation_participants as cp')
    .innerJoin('blogs as b', 'b.id', 'cp.blog_id')
    .innerJoin('conversations as c', 'c.id', 'cp.conversation_id')
    .select(['cp.blog_id', 'b.uuid', 'cp.conversation_id', 'cp.unread_count'])
    .where('b.user_id', '=', userId)
    .where('b.deleted_at', 'is', null)
    .where('cp.unread_count', '>', 0)
    .where(sql<boolean>`${otherOf('cp.blog_id')} not in (${hiddenBlogIds(db, userId)})`)
    .execute();
}

/** Unread messages per blog of a user (user info's channels and badge), one query. */
export async function unreadMessagesByBlog(db: Db, userId: string): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  for (const row of await unreadOfUser(db, userId)) sums.set(row.blog_id, (sums.get(row.blog_id) ?? 0) + row.unread_count);
  return sums;
}
