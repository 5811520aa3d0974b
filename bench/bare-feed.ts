import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { BlogRow } from '../src/server/db/tables/blog';
import type { PostRow } from '../src/server/db/tables/post';
import { blogsQuery } from '../src/server/hydration/blogs';
import { emptyHydration } from '../src/server/hydration/hydrator';
import { dashboardQuery, NO_CURSOR, PAGE_SIZE } from '../src/server/posts/queries';
import { noteStatsQuery } from '../src/server/hydration/counts';
import { postViews } from '../src/server/hydration/post-views';
import type { PostPage } from '../src/shared/posts/types';
import type { Envelope } from '../src/shared/types';
import { readSession } from './bare-session';
import type { StartedServer } from './our-server';
import { readTwoPages, recordSql } from './record-sql';
import { sqlCompiler } from './sql-compiler';

// The SQL our app sends for GET /svc/post/dashboard/before/{refPostId}, as it reaches node-postgres
// (src/server/posts/queries.ts: feedCursor, dashboardQuery; hydration/ with counts.ts noteStatsQuery).
// The two raw queries are compiled once here from the app's own builders, with marker values that
// say which parameter is which, so each request only fills in values; the bench records what both
// servers really send and checks they match before it measures.
// A dashboard page may end on a remote post (federation): its id is a feed_id, looked up alongside.
export const FEED_CURSOR_SQL =
  'select "publish_id" from "posts" where "id" = $1 union all select "feed_id" as "publish_id" from "remote_posts" where "feed_id" = $2 limit $3';


/** A query's text, and a function that lays out the values in its parameters' order. */
function template({ sql: text, parameters }: CompiledQuery, markers: Record<string, string>) {
  const byMarker = new Map(Object.entries(markers).map(([name, marker]) => [marker, name]));
  const names = parameters.map((p) => byMarker.get(String(p)) ?? null);
  return {
    text,
    values: (given: Record<string, unknown>) => parameters.map((p, i) => (names[i] === null ? p : given[names[i]!])),
  };
}

const USER = '-1001';
const BEFORE = '-1002';
const DASHBOARD = template(dashboardQuery(sqlCompiler, USER, BEFORE).compile(sqlCompiler), { user: USER, before: BEFORE });
export const DASHBOARD_SQL = DASHBOARD.text;
/** The dashboard query's values for a user and a cursor, in its parameters' order (however many it has). */
export const dashboardValues = (user: string, before: string) => DASHBOARD.values({ user, before });
/** noteStats for n posts: one text per list length, as the app makes them. */
const noteStatsTemplates = new Map<number, ReturnType<typeof template>>();
function noteStatsTemplate(n: number) {
  let found = noteStatsTemplates.get(n);
  if (!found) {
    const ids = Array.from({ length: n }, (_, i) => `-${2000 + i}`);
    found = template(noteStatsQuery(ids, USER).compile(sqlCompiler), { viewer: USER, ...Object.fromEntries(ids.map((id, i) => [`id${i}`, id])) });
    noteStatsTemplates.set(n, found);
  }
  return found;
}
/** The blogs of a page with the viewer's block flag (hydration/blogs.ts blogsQuery): one text per list length. */
const blogsTemplates = new Map<number, ReturnType<typeof template>>();
function blogsTemplate(n: number) {
  let found = blogsTemplates.get(n);
  if (!found) {
    const ids = Array.from({ length: n }, (_, i) => `-${3000 + i}`);
    found = template(blogsQuery(sqlCompiler, ids, USER).compile(), { viewer: USER, ...Object.fromEntries(ids.map((id, i) => [`id${i}`, id])) });
    blogsTemplates.set(n, found);
  }
  return found;
}
// `in (...)` lists: one text (and one prepared statement) per list length, as Kysely makes them.
const list = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');
const postsSql = (n: number) => `select * from "posts" where "id" in (${list(n)})`;

const fail = (status: number, msg: string) => ({ meta: { status, msg }, response: {} });

/**
 * The floor for the dashboard: a plain Fastify route, the same queries as named prepared
 * statements on a pool of the same size, the same view code (postViews), the same JSON. Our
 * app's cost over this is its plugins, hooks, validation and Kysely.
 * `token`: the session to record pages 1 and 2 with (`sql`), as our app's server does.
 */
export async function startBareFeedServer(databaseUrl: string, publicUrl: string, token: string): Promise<StartedServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  const query = <R extends pg.QueryResultRow>(text: string, values: unknown[]) =>
    pool.query<R>({ name: `f${createHash('sha1').update(text).digest('hex')}`, text, values });
  const app = Fastify();

  app.get<{ Params: { direction: string; ref: string } }>('/svc/post/dashboard/:direction/:ref', async (request, reply) => {
    const session = await readSession(pool, request.headers.cookie);
    if (!session) return reply.code(401).send(fail(401, 'Unauthorized'));
    const { direction, ref } = request.params;
    if ((direction !== 'before' && direction !== 'after') || !/^\d{1,19}$/.test(ref)) {
      return reply.code(400).send(fail(400, 'Bad Request'));
    }
    const { user } = session;

    let before = NO_CURSOR;
    if (ref !== '0') {
      const cursor = await query<{ publish_id: string | null }>(FEED_CURSOR_SQL, [ref, ref, 1]);
      before = cursor.rows[0]?.publish_id ?? NO_CURSOR;
    }
    // The bench's viewers follow nobody elsewhere: every row is a local post (remote is false).
    const page = await query<{ id: string; publish_id: string; remote: boolean }>(DASHBOARD_SQL, DASHBOARD.values({ user: user.id, before }));
    const shown = page.rows.slice(0, PAGE_SIZE);
    const ids = shown.map((r) => r.id);
    const next = page.rows.length > PAGE_SIZE ? shown[shown.length - 1]!.id : null;

    const hydrated = emptyHydration();
    if (ids.length > 0) {
      const posts = await query<PostRow>(postsSql(ids.length), ids);
      const blogIds = new Set<string>();
      for (const post of posts.rows) {
        blogIds.add(post.blog_id);
        for (const item of post.trail) blogIds.add(item.blog_id);
      }
      const blogList = [...blogIds];
      // In parallel, blogs first, as hydratePosts does.
      const stats = noteStatsTemplate(ids.length);
      const blogsOf = blogsTemplate(blogList.length);
      const [blogs, counts] = await Promise.all([
        query<BlogRow & { blocked: boolean }>(
          blogsOf.text,
          blogsOf.values({ viewer: user.id, ...Object.fromEntries(blogList.map((id, i) => [`id${i}`, id])) }),
        ),
        query<{ id: string; note_count: string; liked: boolean; reblogged: boolean }>(
          stats.text,
          stats.values({ viewer: user.id, ...Object.fromEntries(ids.map((id, i) => [`id${i}`, id])) }),
        ),
      ]);
      for (const post of posts.rows) hydrated.posts.set(post.id, post);
      for (const { blocked, ...blog } of blogs.rows) {
        hydrated.blogs.set(blog.id, blog);
        if (blocked) hydrated.blockedBlogs.add(blog.id);
      }
      for (const count of counts.rows) {
        hydrated.noteCounts.set(count.id, Number(count.note_count));
        if (count.liked) hydrated.liked.add(count.id);
        if (count.reblogged) hydrated.reblogged.add(count.id);
      }
    }
    const body: Envelope<PostPage> = {
      meta: { status: 200, msg: 'OK' },
      response: { posts: postViews(ids, hydrated, user.id, publicUrl), next },
    };
    return body;
  });

  const close = async () => {
    await app.close();
    await pool.end();
  };
  try {
    const sql = await recordSql(() =>
      readTwoPages(async (url) => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie: `sid=${token}` } });
        return { statusCode: res.statusCode, body: res.body };
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, sql, close };
  } catch (error) {
    await close();
    throw error;
  }
}
