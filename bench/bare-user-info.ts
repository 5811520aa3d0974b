import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import type { BlogRow } from '../src/server/db/tables/blog';
import { channelView } from '../src/server/hydration/blog-views';
import { LIMITS } from '../src/shared/constants';
import { NO_FEATURES, type FeatureFlag } from '../src/shared/flags';
import type { Envelope, UserInfoResponse } from '../src/shared/types';
import { readSession } from './bare-session';
import type { StartedServer } from './our-server';

// The SQL our app sends for GET /svc/user/info, written out as Kysely compiles it
// (the session read of bare-session.ts, blogsOfUser, then in loadUserInfo the follow and like counts, the
// unread activity per blog and the feature flags).
// The bench checks these against what the real app sends before it measures.
export const BLOGS_SQL = 'select * from "blogs" where "user_id" = $1 order by "id"';
export const COUNTS_SQL =
  'select (select count(*) as "n" from "follows" where "user_id" = $1) as "follows", (select count(*) as "n" from "likes" where "user_id" = $2) as "likes"';
export const UNREAD_SQL = `select "b"."id", (select count(*) as "n" from (select 1 as "one" from "notifications" as "n" left join "blogs" as "fb" on "fb"."id" = "n"."from_blog_id" where "n"."blog_id" = "b"."id" and "n"."id" > "b"."activity_seen_id" and (
  n.type in ('answer', 'ask', 'ask_answer', 'fanmail', 'follower', 'like', 'note_mention', 'photo_reply', 'post_attribution', 'reblog', 'reply', 'user_mention', 'new_post')
  and (n.from_blog_id is null or (not "fb"."is_suspended" and "n"."from_blog_id" not in ((select "b"."blocker_blog_id" as "blog_id" from "blocks" as "b" inner join "blogs" as "mine" on "mine"."id" = "b"."blocked_blog_id" where "mine"."user_id" = $1 union select "b"."blocked_blog_id" as "blog_id" from "blocks" as "b" inner join "blogs" as "mine" on "mine"."id" = "b"."blocker_blog_id" where "mine"."user_id" = $2))))
) limit 100) as "unread_rows") as "unread" from "blogs" as "b" where "b"."user_id" = $3`;
export const FLAGS_SQL =
  'select "f"."name", coalesce("o"."enabled", "f"."enabled") as "enabled" from "feature_flags" as "f" left join "feature_flag_overrides" as "o" on "o"."name" = "f"."name" and "o"."user_id" = $1';

const unauthorized = { meta: { status: 401, msg: 'Unauthorized' }, response: {} };

/**
 * The floor for GET /svc/user/info: a plain Fastify route, the same five queries as named
 * prepared statements on a pool of the same size, the same JSON. Our app's cost over this is
 * the price of its plugins, hooks and Kysely.
 */
export async function startBareServer(databaseUrl: string, publicUrl: string): Promise<StartedServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  const app = Fastify();

  app.get('/svc/user/info', async (request, reply) => {
    const session = await readSession(pool, request.headers.cookie);
    if (!session) return reply.code(401).send(unauthorized);
    const { user, formKey: form_key } = session;
    // In parallel, as loadUserInfo does.
    const [blogs, counts, unread, flags] = await Promise.all([
      pool.query<BlogRow>({ name: 'user_info_blogs', text: BLOGS_SQL, values: [user.id] }),
      pool.query<{ follows: string; likes: string }>({ name: 'user_info_counts', text: COUNTS_SQL, values: [user.id, user.id] }),
      pool.query<{ id: string; unread: string }>({ name: 'user_info_unread', text: UNREAD_SQL, values: [user.id, user.id, user.id] }),
      pool.query<{ name: FeatureFlag; enabled: boolean }>({ name: 'user_info_flags', text: FLAGS_SQL, values: [user.id] }),
    ]);
    const unreadOf = new Map(unread.rows.map((r) => [r.id, Number(r.unread)]));
    const channels = blogs.rows.map((blog) => ({ ...channelView(blog, publicUrl, user), activity_unread: unreadOf.get(blog.id) ?? 0 }));
    const features = { ...NO_FEATURES };
    for (const row of flags.rows) features[row.name] = row.enabled;
    const primary = channels.find((c) => c.is_primary) ?? channels[0];
    const verified = user.email_verified_at !== null;
    reply.header('cache-control', 'no-store');
    const body: Envelope<UserInfoResponse> = {
      meta: { status: 200, msg: 'OK' },
      response: {
        user: {
          name: primary?.name ?? '',
          email: user.email,
          liked_post_count: Number(counts.rows[0]!.likes),
          friend_count: Number(counts.rows[0]!.follows),
          channels,
          primary: primary?.name ?? '',
          can_message: verified,
          is_sounds_enabled: user.sounds_enabled,
          is_desktop_notifications_enabled: user.desktop_notifications_enabled,
          is_verified_email: verified,
          safe_mode: user.safe_mode,
          unread_count: channels.reduce((sum, c) => sum + c.unread_count, 0),
          limits: LIMITS,
          language: user.language,
          defaultEditorType: user.default_editor_type,
          features,
          is_admin: user.is_admin,
        },
        form_key,
      },
    };
    return body;
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    port: (app.server.address() as AddressInfo).port,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}
