// The send path's two statements (issue 11, performance): a send into an existing conversation
// costs one read and one write, not the ten round trips of a lookup per rule and a transaction of
// five statements. The rules themselves stay in send.ts; these only load and write.
import { sql, type Compilable, type RawBuilder } from 'kysely';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import type { MessageRow } from '../db/tables/messaging';
import { ownedBlogsByUuid, relationColumns } from '../rules/blogs';
import { hiddenBlogIds, mayReachSql } from '../visibility';
import { followsActingBlog } from './queries';
import type { ParticipantRow } from './views';

/** A blog of the send with the viewer's follow flags, and what the one read found beside it. */
export type SendContextRow = ParticipantRow & {
  /** This row is the acting blog (else the other participant). */
  is_acting: boolean;
  /** The message this blog already stored under the idempotency key, if any. */
  repeat_id: string | null;
  /** The conversation asked for, when the acting blog is in it and no block hides it. */
  found_conversation_id: string | null;
  other_blog_id: string | null;
};

/**
 * One statement: the acting blog (the viewer's own with this uuid), a message it already stored
 * under the key, the conversation (the acting blog in it, not across a block from the viewer: as
 * `inboxRow`), and both blogs with the viewer's follow flags (as `participantRows`). No rows: the
 * blog is not the viewer's. One row: the conversation was not found (or none was asked for).
 */
export async function sendContext(db: Db, userId: string, participantUuid: string, conversationId: string | null, key: string | null): Promise<SendContextRow[]> {
  const { rows } = await sql<SendContextRow>`with ${contextCtes(db, userId, participantUuid, conversationId, key)} select * from ctx`.execute(db);
  return rows;
}

/**
 * The CTEs of `sendContext`, ending in `ctx` (its rows); the one-statement send reuses them. The
 * rules are the shared ones, in SQL: the acting blog is the viewer's own (rules/blogs.ts
 * ownedBlogsByUuid), a block hides the conversation (visibility.ts hiddenBlogIds), the follow
 * flags are relationColumns' and participantRows' (queries.ts).
 */
const contextCtes = (db: Db, userId: string, participantUuid: string, conversationId: string | null, key: string | null) => sql`
  acting as (
    ${ownedBlogsByUuid(db, userId, participantUuid).select('id')}
  ), conv as (
    select cp.conversation_id, case when c.pair_low = cp.blog_id then c.pair_high else c.pair_low end as other_blog_id
    from conversation_participants cp
    join acting a on a.id = cp.blog_id
    join conversations c on c.id = cp.conversation_id
    where cp.conversation_id = ${conversationId}
  ), visible as (
    select * from conv where other_blog_id not in (${hiddenBlogIds(db, userId)})
  ), ctx as (
    select b.*,
      ${relationColumns(db, userId, 'b.id').following} as is_following_blog,
      ${followsActingBlog('b.user_id', sql.ref('a.id'))} as is_blog_following_you,
      b.id = a.id as is_acting,
      (select m.id from messages m where m.sender_blog_id = a.id and m.idempotency_key = ${key}) as repeat_id,
      v.conversation_id as found_conversation_id,
      v.other_blog_id
    from acting a
    left join visible v on true
    join blogs b on b.id = a.id or b.id = v.other_blog_id
  )`;

/** Whether a blog of the user and this blog have a block between them, either way: visibility.ts's hidden blogs. */
const blockedBetween = (db: Db, userId: string, otherBlogId: unknown) => sql<boolean>`${otherBlogId} in (${hiddenBlogIds(db, userId)})`;

/**
 * The conversation's row, held FOR NO KEY UPDATE once the other blog's row is held (the CTE
 * `lock`): every send into a conversation takes its turn here before it writes anything, so two
 * sends never hold one participant row each while waiting for the other's (issue 22: 40P01 on
 * conversation_participants with sends from both sides at once). The order is always the other
 * blog, then the conversation, then the participants; storeFirst (send.ts) takes the same turn.
 * The FK checks of the insert take only KEY SHARE on it, which this lock does not block.
 */
const conversationTurn = (conversationId: RawBuilder<unknown>) =>
  sql`select c.id from conversations c join lock on true where c.id = ${conversationId} for no key update of c`;

/** The message's columns, named msg_*: beside a blog's, whose names they share. */
const MESSAGE_COLUMNS = ['id', 'conversation_id', 'sender_blog_id', 'type', 'content', 'post_id', 'post_blog_id', 'image', 'sticker_id', 'context', 'idempotency_key', 'created_at'] as const;

/**
 * Both sides of the conversation after the message `ins` (a CTE of the statement) was stored: the
 * sender's side read up to it, the other's unread count one higher. Written once for both send statements.
 */
const participantsAfterInsert = sql`update conversation_participants p set
        last_modified_ts = greatest(p.last_modified_ts, ins.id),
        status = 'ACTIVE',
        unread_count = case when p.blog_id = ins.sender_blog_id then 0 else p.unread_count + 1 end,
        last_read_ts = case when p.blog_id = ins.sender_blog_id then greatest(p.last_read_ts, ins.id) else p.last_read_ts end
      from ins where p.conversation_id = ins.conversation_id
      returning p.blog_id, p.conversation_id, p.last_modified_ts, p.last_read_ts, p.unread_count, p.deleted_ts, p.images_unblurred, p.is_possible_spam`;

export interface StoredInto {
  /** A block between the viewer's blogs and the other blog: nothing was written. */
  blocked: boolean;
  /** The new message; absent when blocked, or when the same key was stored at the same moment. */
  message?: MessageRow;
  /** The sender's participant row after the write. */
  mine?: {
    blog_id: string;
    conversation_id: string;
    last_modified_ts: string;
    last_read_ts: string;
    unread_count: number;
    deleted_ts: string;
    images_unblurred: boolean;
    is_possible_spam: boolean;
  };
}

export interface NewMessage {
  conversationId: string;
  senderBlogId: string;
  otherBlogId: string;
  viewerUserId: string;
  type: MessageRow['type'];
  content: string;
  postId: string | null;
  postBlogId: string | null;
  image: string | null;
  stickerId: string | null;
  context: string | null;
  idempotencyKey: string | null;
  /** An uploaded image's sha256: its files become visible to the conversation. */
  imageSha: string | null;
}

/**
 * One statement, so no BEGIN and COMMIT: the block check, the message (its idempotency key
 * unique per sender: the same key at the same moment stores one, the other finds nothing
 * inserted), an image's files, the conversation's and both participants' times and counts.
 *
 * A block and a send cannot leave a message the block should have stopped: the check and the
 * insert read one snapshot, and a block changes nothing a send reads or writes besides the
 * blocks row, so a send whose snapshot predates the block is simply a send before it. The
 * other blog's row is still held FOR SHARE (the lock `lockBlogs` takes FOR UPDATE), so a block
 * made meanwhile waits for this send to finish, as the other actions' checks make it wait.
 */
export async function storeInConversation(db: Db, m: NewMessage): Promise<StoredInto> {
  const { rows } = await sql<MessageRow & { is_blocked: boolean; mine_blog_id: string | null } & Record<string, unknown>>`
    with lock as (
      select id from blogs where id = ${m.otherBlogId} for share
    ), turn as (
      ${conversationTurn(sql`${m.conversationId}::bigint`)}
    ), blocked as (
      select ${blockedBetween(db, m.viewerUserId, sql`${m.otherBlogId}::bigint`)} as yes
    ), ins as (
      insert into messages (conversation_id, sender_blog_id, type, content, post_id, post_blog_id, image, sticker_id, context, idempotency_key)
      select ${m.conversationId}::bigint, ${m.senderBlogId}::bigint, ${m.type}::text, ${m.content}::jsonb, ${m.postId}::bigint,
        ${m.postBlogId}::bigint, ${m.image}::jsonb, ${m.stickerId}::text, ${m.context}::text, ${m.idempotencyKey}::text
      from turn where not (select yes from blocked)
      on conflict (sender_blog_id, idempotency_key) where idempotency_key is not null do nothing
      returning *
    ), media as (
      insert into message_media (message_id, conversation_id, sha256)
      select id, conversation_id, ${m.imageSha}::text from ins where ${m.imageSha}::text is not null
      on conflict do nothing
    ), conv as (
      update conversations c set last_modified_ts = greatest(c.last_modified_ts, ins.id) from ins where c.id = ins.conversation_id
    ), parts as (
      ${participantsAfterInsert}
    )
    select (select yes from blocked) as is_blocked, ins.*,
      parts.blog_id as mine_blog_id, parts.last_modified_ts as mine_last_modified_ts, parts.last_read_ts as mine_last_read_ts,
      parts.unread_count as mine_unread_count, parts.deleted_ts as mine_deleted_ts, parts.images_unblurred as mine_images_unblurred,
      parts.is_possible_spam as mine_is_possible_spam
    from (select 1) one
    left join ins on true
    left join parts on parts.blog_id = ins.sender_blog_id
  `.execute(db);
  const row = rows[0]!;
  if (row.is_blocked) return { blocked: true };
  if (row.id === null) return { blocked: false };
  const { is_blocked: _b, mine_blog_id, mine_last_modified_ts, mine_last_read_ts, mine_unread_count, mine_deleted_ts, mine_images_unblurred, mine_is_possible_spam, ...message } = row;
  return {
    blocked: false,
    message: message as MessageRow,
    mine: mine_blog_id === null ? undefined : {
      blog_id: mine_blog_id,
      conversation_id: row.conversation_id,
      last_modified_ts: mine_last_modified_ts as string,
      last_read_ts: mine_last_read_ts as string,
      unread_count: mine_unread_count as number,
      deleted_ts: mine_deleted_ts as string,
      images_unblurred: mine_images_unblurred as boolean,
      is_possible_spam: mine_is_possible_spam as boolean,
    },
  };
}

export type MessageToSend = Omit<NewMessage, 'conversationId' | 'senderBlogId' | 'otherBlogId' | 'viewerUserId' | 'imageSha'>;

type OneStatementRow = SendContextRow & Record<string, unknown>;

/** The statement of `sendInOneStatement`, built and compiled once (db/compiled.ts): every value a parameter. */
const oneStatement = compileOnce((
  db: Db, userId: string, participantUuid: string, conversationId: string, type: string, content: string, postId: string | null,
  postBlogId: string | null, image: string | null, stickerId: string | null, context: string | null, key: string | null,
) => {
  const query = sql<OneStatementRow>`
    with ${contextCtes(db, userId, participantUuid, conversationId, key)},
    go as (
      select a.id as acting_id, o.id as other_id, o.found_conversation_id as conversation_id
      from ctx a join ctx o on not o.is_acting
      where a.is_acting and a.repeat_id is null and o.found_conversation_id is not null
        and o.can_receive_messages and not (o.messages_from_followed_only and not o.is_blog_following_you)
        and ${mayReachSql('a')} and ${mayReachSql('o')}
    ), lock as (
      select b.id from blogs b join go on b.id = go.other_id for share of b
    ), turn as (
      ${conversationTurn(sql`(select conversation_id from go)`)}
    ), blocked as (
      select coalesce((select ${blockedBetween(db, userId, sql`go.other_id`)} from go), false) as yes
    ), ins as (
      insert into messages (conversation_id, sender_blog_id, type, content, post_id, post_blog_id, image, sticker_id, context, idempotency_key)
      select go.conversation_id, go.acting_id, ${type}::text, ${content}::jsonb, ${postId}::bigint,
        ${postBlogId}::bigint, ${image}::jsonb, ${stickerId}::text, ${context}::text, ${key}::text
      from go join turn on true where not (select yes from blocked)
      on conflict (sender_blog_id, idempotency_key) where idempotency_key is not null do nothing
      returning *
    ), conv_update as (
      update conversations c set last_modified_ts = greatest(c.last_modified_ts, ins.id) from ins where c.id = ins.conversation_id
    ), parts as (
      ${participantsAfterInsert}
    )
    select ctx.*, (select yes from blocked) as is_blocked,
      ${sql.join(MESSAGE_COLUMNS.map((column) => sql`ins.${sql.ref(column)} as ${sql.ref(`msg_${column}`)}`))},
      parts.blog_id as mine_blog_id, parts.last_modified_ts as mine_last_modified_ts, parts.last_read_ts as mine_last_read_ts,
      parts.unread_count as mine_unread_count, parts.deleted_ts as mine_deleted_ts, parts.images_unblurred as mine_images_unblurred,
      parts.is_possible_spam as mine_is_possible_spam
    from ctx
    left join ins on true
    left join parts on parts.blog_id = ins.sender_blog_id
  `;
  // A RawBuilder compiles against the database; compileOnce asks for a Compilable.
  return { compile: () => query.compile(db) } as Compilable<OneStatementRow>;
});

/**
 * The whole send into an existing conversation in one statement: `sendContext`'s read, and the
 * write of `storeInConversation` only when its rules pass (no message stored under the key yet,
 * the conversation visible, the other blog taking messages, from this blog too, no block). The
 * rows are `sendContext`'s, so the caller applies the same rules in the same order and finds
 * the refusal to answer; each row also says what was written (the same on every row).
 */
export async function sendInOneStatement(
  db: Db, userId: string, participantUuid: string, conversationId: string, m: MessageToSend,
): Promise<{ rows: SendContextRow[]; stored: StoredInto }> {
  const rows = await oneStatement(db, userId, participantUuid, conversationId, m.type, m.content, m.postId, m.postBlogId, m.image, m.stickerId, m.context, m.idempotencyKey);
  const first = rows[0];
  const stored: StoredInto = { blocked: first?.is_blocked === true };
  if (first && first.msg_id !== null) {
    stored.message = Object.fromEntries(MESSAGE_COLUMNS.map((column) => [column, first[`msg_${column}`]])) as unknown as MessageRow;
    stored.mine = first.mine_blog_id === null ? undefined : {
      blog_id: first.mine_blog_id as string,
      conversation_id: first.msg_conversation_id as string,
      last_modified_ts: first.mine_last_modified_ts as string,
      last_read_ts: first.mine_last_read_ts as string,
      unread_count: first.mine_unread_count as number,
      deleted_ts: first.mine_deleted_ts as string,
      images_unblurred: first.mine_images_unblurred as boolean,
      is_possible_spam: first.mine_is_possible_spam as boolean,
    };
  }
  return { rows, stored };
}
