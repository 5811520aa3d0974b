// The data the social scenario reads, on PostgreSQL, made with set-based SQL on the schema the
// app's own migrations make: users with one blog each, ten posts per blog, sessions for the
// users who like, and 1 000 000 notifications (one blog gets a fifth of them, the rest spread
// unevenly), as a year of activity would leave them. Deterministic: no random().
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { hashToken, newToken } from '../src/server/http/tokens';
import { createScratchDatabase, withClient } from './postgres';

export const SOCIAL_SHAPE = {
  users: 5_000,
  postsPerBlog: 10,
  notifications: 1_000_000,
  /** Notifications are spread over this many days, ending now. */
  days: 60,
  /** Users with a session: the likers (each connection of each round is another one). */
  likers: 200,
} as const;

/** The blog with a fifth of all notifications: the popover's worst case. */
export const BUSIEST_BLOG_ID = '1';

export interface Liker {
  id: string;
  token: string;
  formKey: string;
}

export interface SocialData {
  url: string;
  name: string;
  generatedMs: number;
  likers: Liker[];
  /** Posts to like: id and reblog key, none of them the likers' own. */
  posts: { id: string; key: string }[];
  stats: { notifications: number; busiest: number; medianPerBlog: number };
  drop(): Promise<void>;
}

/** 2026-01-01T00:00:00Z: the posts' ids count up from here. */
const POSTS_EPOCH_MS = 1_767_225_600_000;

const HASH = (n: string, salt: number) => `(hashint8extended(${n}::bigint, ${salt}) & 4294967295)`;

function steps(): { step: string; text: string }[] {
  const n = SOCIAL_SHAPE.users;
  const per = SOCIAL_SHAPE.postsPerBlog;
  const total = SOCIAL_SHAPE.notifications;
  const stepMs = Math.floor((SOCIAL_SHAPE.days * 86_400_000) / total);
  // Post ids from a fixed time, so a notification can name its post by arithmetic, no join.
  const postId = (blog: string, k: string) => `((${POSTS_EPOCH_MS}::bigint + (${blog} * ${per} + ${k})) << 16)`;
  return [
    {
      step: 'users',
      text: `insert into users (id, email, password_hash, email_verified_at) overriding system value
        select u, 'social' || u || '@example.com', 'generated-by-bench:no-password', now() from generate_series(1, ${n}) u`,
    },
    {
      step: 'blogs',
      text: `insert into blogs (id, user_id, name, title) overriding system value
        select u, u, 'social-' || u, 'Social ' || u from generate_series(1, ${n}) u`,
    },
    { step: 'users point at their blogs', text: 'update users set primary_blog_id = id, current_blog_id = id' },
    {
      step: 'identity sequences',
      text: `select setval(pg_get_serial_sequence('users', 'id'), ${n}), setval(pg_get_serial_sequence('blogs', 'id'), ${n})`,
    },
    {
      step: `posts (${(n * per).toLocaleString('en')})`,
      text: `insert into posts (id, blog_id, type, state, publish_id, content, root_id, reblog_key)
        select id, b, 'text', 'published', id, jsonb_build_object('type', 'text', 'title', 'Post ' || k, 'body_html', '<p>Hello</p>'),
          id, substr(md5(id::text), 1, 8)
        from (
          select b, k, ${postId('b', 'k')} as id
          from generate_series(1, ${n}) b, generate_series(0, ${per - 1}) k
        ) p`,
    },
    {
      // The blog that receives each notification: blog 1 a fifth, the rest by rank r = N·x² (uneven).
      step: `notifications (${total.toLocaleString('en')})`,
      text: `insert into notifications (id, blog_id, type, from_blog_id, post_id, note_meta, created_at)
        select id, blog_id, (array['like', 'reblog', 'reply', 'follower', 'post_attribution'])[1 + g % 5],
          1 + (blog_id + 1 + ${HASH('g', 3)} % ${n - 1}) % ${n},
          case when g % 5 = 3 then null else ${postId('blog_id', `g % ${per}`)} end,
          case when g % 5 = 2 then '{"reply_text":"Nice one"}'::jsonb else '{}'::jsonb end,
          ts
        from (
          select g, t.ts,
            ((floor(extract(epoch from t.ts) * 1000)::bigint) << 16) | (g % 65536) as id,
            case when g % 5 = 0 then 1 else 1 + floor(${n - 1} * power(${HASH('g', 1)} / 4294967296.0, 2))::bigint end as blog_id
          from generate_series(1, ${total}) g
          cross join lateral (select now() - interval '${SOCIAL_SHAPE.days} days' + g * interval '${stepMs} milliseconds' as ts) t
        ) x`,
    },
    { step: 'vacuum (analyze)', text: 'vacuum (analyze) users, blogs, posts, notifications' },
  ];
}

export type SocialDataResult = { ok: true; data: SocialData } | { ok: false; reason: string };

/** A scratch database with the social data; dropped by `drop` (or the bench's cleanup). */
export async function prepareSocialData(): Promise<SocialDataResult> {
  const scratch = await createScratchDatabase();
  if (!scratch.ok) return scratch;
  const { url, name, drop } = scratch.database;
  try {
    const started = performance.now();
    const database = await openDatabase({ databaseUrl: url });
    try {
      await migrateToLatest(database.db);
    } finally {
      await database.close();
    }
    return await withClient(url, async (client) => {
      for (const { text } of steps()) await client.query(text);
      const generatedMs = performance.now() - started;
      // The likers are the last users (not the busiest blogs); they like the first blogs' posts.
      const likerIds = Array.from({ length: SOCIAL_SHAPE.likers }, (_, i) => String(SOCIAL_SHAPE.users - i));
      const tokens = likerIds.map(() => newToken());
      const formKeys = likerIds.map(() => newToken(16));
      await client.query(
        `insert into sessions (id, user_id, form_key, expires_at)
         select id, user_id, form_key, now() + interval '1 day' from unnest($1::text[], $2::bigint[], $3::text[]) as s(id, user_id, form_key)`,
        [tokens.map(hashToken), likerIds, formKeys],
      );
      const { rows: posts } = await client.query<{ id: string; key: string }>(
        `select id, reblog_key as key from posts where blog_id <= $1 order by id`,
        [SOCIAL_SHAPE.users - SOCIAL_SHAPE.likers],
      );
      const { rows: counts } = await client.query<{ total: string; busiest: string; median: string }>(
        `select (select count(*) from notifications) as total,
          (select count(*) from notifications where blog_id = ${BUSIEST_BLOG_ID}) as busiest,
          (select percentile_disc(0.5) within group (order by c) from (select count(*) c from notifications group by blog_id) x) as median`,
      );
      const c = counts[0]!;
      return {
        ok: true as const,
        data: {
          url,
          name,
          generatedMs,
          likers: likerIds.map((id, i) => ({ id, token: tokens[i]!, formKey: formKeys[i]! })),
          posts,
          stats: { notifications: Number(c.total), busiest: Number(c.busiest), medianPerBlog: Number(c.median) },
          drop,
        },
      };
    });
  } catch (error) {
    await drop();
    throw error;
  }
}
