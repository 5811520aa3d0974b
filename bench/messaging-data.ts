// The messaging scenario's data on PostgreSQL, with set-based SQL on the schema the migrations
// make: users with one verified blog each, blog 1 in a conversation with every other blog,
// neighbours paired too, and 1 000 000 messages (half in blog 1's conversation with blog 2, the
// rest spread over every conversation), of which blog 1 deleted some for itself (message_hidden).
// Deterministic: no random().
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { hashToken, newToken } from '../src/server/http/tokens';
import { createScratchDatabase, withClient } from './postgres';

export const MESSAGING_SHAPE = {
  users: 6_000,
  messages: 1_000_000,
  /** Of the messages, this many are in the conversation of blogs 1 and 2 (the longest). */
  inBusiest: 500_000,
  /** Blog 1 deleted for itself (message_hidden) every this-many-th message of that conversation... */
  hiddenEvery: 10,
  /** ...and its newest this-many in a row, so the newest page reads past them. */
  hiddenNewest: 50,
} as const;

export interface MessagingData {
  url: string;
  generatedMs: number;
  /** User 1's session (blog 1, the busiest): the sender. */
  sender: { token: string; formKey: string; blogUuid: string };
  /** Blog 1's conversation with blog k (k >= 2), by k. */
  conversationWith: Map<number, string>;
  /** Polling tokens of users 2.. (index 0 is user 2), with their blog uuid (the mention key). */
  pollers: { token: string; uuid: string }[];
  stats: { messages: number; conversations: number; busiestConversation: number };
}

function steps(): string[] {
  const n = MESSAGING_SHAPE.users;
  return [
    `insert into users (id, email, password_hash, email_verified_at) overriding system value
      select u, 'msg' || u || '@example.com', 'generated-by-bench:no-password', now() from generate_series(1, ${n}) u`,
    `insert into blogs (id, user_id, name, title) overriding system value
      select u, u, 'msg-' || u, 'Messaging ' || u from generate_series(1, ${n}) u`,
    'update users set primary_blog_id = id, current_blog_id = id',
    `select setval(pg_get_serial_sequence('users', 'id'), ${n}), setval(pg_get_serial_sequence('blogs', 'id'), ${n})`,
    // Blog 1 with every other blog (conversation id = k), and blog k with k + 1 (id = n + k).
    `insert into conversations (id, pair_low, pair_high)
      select k, 1, k from generate_series(2, ${n}) k
      union all select ${n} + k, k, k + 1 from generate_series(2, ${n - 1}) k`,
    `insert into conversation_participants (conversation_id, blog_id)
      select id, pair_low from conversations union all select id, pair_high from conversations`,
    // Ids as next_id() makes them, a millisecond apart, ending now.
    `insert into messages (id, conversation_id, sender_blog_id, type, content)
      select ((floor(extract(epoch from now()) * 1000)::bigint - ${MESSAGING_SHAPE.messages} + g) << 16) | (g % 65536),
        c, case when g % 2 = 0 then lo else hi end, 'TEXT', jsonb_build_object('text', 'Message ' || g, 'formatting', '[]'::jsonb)
      from (
        select g, case when g <= ${MESSAGING_SHAPE.inBusiest} then 2 when x <= ${n} then x else x + 1 end as c
        from generate_series(1, ${MESSAGING_SHAPE.messages}) g, lateral (select 2 + (g::bigint * 7919) % ${2 * n - 3} as x) s
      ) m
      join lateral (select pair_low as lo, pair_high as hi from conversations where id = m.c) p on true`,
    `update conversations c set last_modified_ts = m.last from (select conversation_id, max(id) as last from messages group by conversation_id) m where m.conversation_id = c.id`,
    `update conversation_participants p set last_modified_ts = c.last_modified_ts,
      last_read_ts = case when p.blog_id = c.pair_low then c.last_modified_ts else 0 end,
      unread_count = case when p.blog_id = c.pair_low then 0 else 3 end
      from conversations c where c.id = p.conversation_id`,
    // Messages blog 1 deleted for itself in its longest conversation (issue 12's hide-deleted filter).
    `insert into message_hidden (blog_id, message_id)
      select 1, id from (select id, row_number() over (order by id desc) as n from messages where conversation_id = 2) m
      where n <= ${MESSAGING_SHAPE.hiddenNewest} or n % ${MESSAGING_SHAPE.hiddenEvery} = 0`,
    `select setval('id_seq', ${MESSAGING_SHAPE.messages})`,
    'vacuum (analyze) users, blogs, conversations, conversation_participants, messages, message_hidden',
  ];
}

export type MessagingDataResult = { ok: true; data: MessagingData } | { ok: false; reason: string };

export async function prepareMessagingData(): Promise<MessagingDataResult> {
  const scratch = await createScratchDatabase();
  if (!scratch.ok) return scratch;
  const { url } = scratch.database;
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  return withClient(url, async (client) => {
    for (const text of steps()) await client.query(text);
    const generatedMs = performance.now() - started;
    const token = newToken();
    const formKey = newToken(16);
    await client.query(`insert into sessions (id, user_id, form_key, expires_at) values ($1, 1, $2, now() + interval '1 day')`, [hashToken(token), formKey]);
    const { rows: blogs } = await client.query<{ id: string; uuid: string; polling_token: string }>(
      'select b.id, b.uuid, u.polling_token from blogs b join users u on u.id = b.user_id order by b.id',
    );
    const conversationWith = new Map<number, string>();
    for (let k = 2; k <= MESSAGING_SHAPE.users; k++) conversationWith.set(k, String(k));
    const { rows: counts } = await client.query<{ messages: string; conversations: string; busiest: string }>(
      `select (select count(*) from messages) as messages, (select count(*) from conversations) as conversations,
        (select count(*) from messages where conversation_id = 2) as busiest`,
    );
    const c = counts[0]!;
    return {
      ok: true as const,
      data: {
        url,
        generatedMs,
        sender: { token, formKey, blogUuid: blogs[0]!.uuid },
        conversationWith,
        pollers: blogs.slice(1).map((b) => ({ token: b.polling_token, uuid: b.uuid })),
        stats: { messages: Number(c.messages), conversations: Number(c.conversations), busiestConversation: Number(c.busiest) },
      },
    };
  });
}
