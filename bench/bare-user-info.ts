import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';
import { readConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import type { Database, Db } from '../src/server/db/schema';
import type { BlogRow } from '../src/server/db/tables/blog';
import type { UserRow } from '../src/server/db/tables/user';
import { loadUserInfo } from '../src/server/user/service';
import { POLLING_FREQUENCY_CONVERSATION_SECONDS, POLLING_FREQUENCY_INBOX_SECONDS } from '../src/shared/messaging/api';
import { channelView } from '../src/server/hydration/blog-views';
import { LIMITS } from '../src/shared/constants';
import { NO_FEATURES, type FeatureFlag } from '../src/shared/flags';
import type { Envelope, UserInfoResponse } from '../src/shared/types';
import { readSession, SESSION_SQL } from './bare-session';
import type { StartedServer } from './our-server';
import { recordSql } from './record-sql';

// The SQL our app sends for GET /svc/user/info after the session read (bare-session.ts): taken
// from the app's own loadUserInfo, run once on a Kysely that records each statement instead of
// sending it, with a marker in place of the user id. The bare route sends those texts, in that
// order, with the user id put back: when loadUserInfo gains or changes a query, the bare route
// follows, and `npm run bench:check` compares what both really send and answer.
const USER_MARKER = '-4242';

interface Statement {
  text: string;
  values: (userId: string) => unknown[];
}

function capturingDb(into: Statement[]): Db {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(compiled: CompiledQuery): Promise<QueryResult<R>> => {
      const parameters = compiled.parameters;
      into.push({ text: compiled.sql, values: (userId) => parameters.map((p) => (p === USER_MARKER ? userId : p)) });
      return { rows: [] };
    },
    // eslint-disable-next-line require-yield
    streamQuery: async function* () {
      throw new Error('not recorded');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** The statements loadUserInfo sends, in the order it starts them. */
async function userInfoStatements(): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = capturingDb(statements);
  const ctx = { db, config: readConfig({ PUBLIC_URL: 'http://localhost:3000' }) } as unknown as AppContext;
  const user = { id: USER_MARKER, email_verified_at: null } as unknown as UserRow;
  await loadUserInfo(ctx, { user, sessionId: '', formKey: '' });
  return statements;
}

/** What the bare route sends for one request: the session read, then loadUserInfo's statements (in parallel: any order). */
export async function bareUserInfoSql(): Promise<string[]> {
  return [SESSION_SQL, ...(await userInfoStatements()).map((s) => s.text)];
}

const unauthorized = { meta: { status: 401, msg: 'Unauthorized' }, response: {} };

/**
 * The floor for GET /svc/user/info: a plain Fastify route, the same five queries as named
 * prepared statements on a pool of the same size, the same JSON. Our app's cost over this is
 * the price of its plugins, hooks and Kysely.
 */
export async function startBareServer(databaseUrl: string, publicUrl: string, token?: string): Promise<StartedServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  const app = Fastify();
  const config = readConfig({});
  const maxMessageImageBytes = config.media.maxMessageImageBytes;
  const inboxFavoritesAppendLimit = config.limits.inboxFavoritesAppendLimit;

  const statements = await userInfoStatements();
  // Told apart by what they read (Kysely may start them in another order than they are written).
  const find = (what: string, reads: (text: string) => boolean) => {
    const found = statements.filter((statement) => reads(statement.text));
    if (found.length !== 1) throw new Error(`loadUserInfo's ${what} statement: ${found.length} found; bring bench/bare-user-info.ts back in step`);
    return found[0]!;
  };
  const blogsSql = find('blogs', (text) => text.startsWith('select * from "blogs"'));
  const countsSql = find('counts', (text) => text.includes('from "follows"') && text.includes('from "likes"'));
  const unreadSql = find('unread activity', (text) => text.includes('from "notifications"'));
  const flagsSql = find('feature flags', (text) => text.includes('from "feature_flags"'));
  const messagesSql = find('unread messages', (text) => text.includes('from "conversation_participants"'));
  if (statements.length !== 5) throw new Error(`loadUserInfo sends ${statements.length} statements, the bare route 5: bring bench/bare-user-info.ts back in step`);
  const run = <R extends pg.QueryResultRow>(name: string, statement: Statement, userId: string) =>
    pool.query<R>({ name, text: statement.text, values: statement.values(userId) });

  app.get('/svc/user/info', async (request, reply) => {
    const session = await readSession(pool, request.headers.cookie);
    if (!session) return reply.code(401).send(unauthorized);
    const { user, formKey: form_key } = session;
    // In parallel, as loadUserInfo does.
    const [blogs, counts, unread, flags, messages] = await Promise.all([
      run<BlogRow>('user_info_blogs', blogsSql, user.id),
      run<{ follows: string; likes: string }>('user_info_counts', countsSql, user.id),
      run<{ id: string; unread: string }>('user_info_unread', unreadSql, user.id),
      run<{ name: FeatureFlag; enabled: boolean }>('user_info_flags', flagsSql, user.id),
      run<{ blog_id: string; unread_count: number }>('user_info_messages', messagesSql, user.id),
    ]);
    const unreadOf = new Map(unread.rows.map((r) => [r.id, Number(r.unread)]));
    const messagesOf = new Map<string, number>();
    for (const row of messages.rows) messagesOf.set(row.blog_id, (messagesOf.get(row.blog_id) ?? 0) + row.unread_count);
    const channels = blogs.rows.map((blog) => {
      const unreadMessages = messagesOf.get(blog.id) ?? 0;
      return { ...channelView(blog, publicUrl, user), activity_unread: unreadOf.get(blog.id) ?? 0, unread_count: unreadMessages, unread_messages_count_sum: unreadMessages };
    });
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
          is_multi_window_enabled: user.multi_window_enabled,
          palette: user.palette,
          is_alt_text_reminder_enabled: user.alt_text_reminder_enabled,
          is_verified_email: verified,
          safe_mode: user.safe_mode,
          unread_count: channels.reduce((sum, c) => sum + c.unread_count, 0),
          limits: LIMITS,
          language: user.language,
          defaultEditorType: user.default_editor_type,
          features,
          is_admin: user.is_admin,
          polling_token: user.polling_token,
          polling_frequency_inbox: POLLING_FREQUENCY_INBOX_SECONDS,
          polling_frequency_conversation: POLLING_FREQUENCY_CONVERSATION_SECONDS,
          messaging_max_image_bytes: maxMessageImageBytes,
          messaging_inbox_favorites_append_limit: inboxFavoritesAppendLimit,
        },
        form_key,
      },
    };
    return body;
  });

  const close = async () => {
    await app.close();
    await pool.end();
  };
  try {
    // With a session to read as: the SQL one request sends, recorded (bench/check.ts compares it with ours).
    const sql = token
      ? await recordSql(async () => {
          const res = await app.inject({ method: 'GET', url: '/svc/user/info', headers: { cookie: `sid=${token}` } });
          if (res.statusCode !== 200) throw new Error(`bare user info: ${res.statusCode} ${res.body}`);
        })
      : undefined;
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, sql, close };
  } catch (error) {
    await close();
    throw error;
  }
}
