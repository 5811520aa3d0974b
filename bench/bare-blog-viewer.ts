// The floor for the blog viewer drawer and in-blog search: a plain Fastify route per call, the
// same SQL as our app (compiled from the app's own builders, or copied where the app runs the
// builder itself; the bench compares what both send), as named prepared statements on a pool of
// the same size, the same view code and the same JSON. Our app's cost over this is its plugins,
// hooks, validation, Kysely's execution and the envelope.
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { ADS } from '../src/shared/ads/types';
import type { IndashBlogResponse } from '../src/shared/blog-viewer/types';
import type { PostView } from '../src/shared/posts/types';
import type { BlogSearchResponse, BlogTypeaheadResponse } from '../src/shared/search/blog-search';
import type { Envelope } from '../src/shared/types';
import { serveAdsQuery } from '../src/server/ads/select';
import { READER_RULE, slotsFor } from '../src/server/ads/serve';
import { blogWithRelationQuery } from '../src/server/blog-viewer/access';
import { drawerPageQuery } from '../src/server/blog-viewer/queries';
import { PLAN_FOR_VALUES } from '../src/server/db/database';
import type { BlogRow } from '../src/server/db/tables/blog';
import type { PostRow } from '../src/server/db/tables/post';
import type { UserRow } from '../src/server/db/tables/user';
import { blogView } from '../src/server/hydration/blog-views';
import { blogsQuery } from '../src/server/hydration/blogs';
import { noteStatsQuery } from '../src/server/hydration/counts';
import { emptyHydration } from '../src/server/hydration/hydrator';
import { postViews } from '../src/server/hydration/post-views';
import { countHits, sweepQuery } from '../src/server/limits/rate-limit';
import { NO_CURSOR } from '../src/server/posts/queries';
import { safeModeOfferedQuery } from '../src/server/safe-mode';
import { blogSearchQuery, typeaheadQuery } from '../src/server/search/blog-search-queries';
import { readSession } from './bare-session';
import type { StartedServer } from './our-server';
import { recordSql } from './record-sql';
import { sqlCompiler } from './sql-compiler';


const fail = (status: number, msg: string) => ({ meta: { status, msg }, response: {} });

export interface BlogViewerProbe {
  /** The paths both servers record their SQL on, in order. */
  paths: string[];
  token: string;
}

export async function startBareBlogViewerServer(databaseUrl: string, publicUrl: string, probe: BlogViewerProbe): Promise<StartedServer> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  pool.on('error', () => {});
  // Named prepared statements, as the app's database.ts sends them, except a text it plans for its
  // values every time (PLAN_FOR_VALUES): that one goes unnamed, as there.
  const run = <R extends pg.QueryResultRow>(compiled: Pick<CompiledQuery, 'sql' | 'parameters'>) =>
    compiled.sql.trimStart().startsWith(PLAN_FOR_VALUES)
      ? pool.query<R>(compiled.sql, [...compiled.parameters])
      : pool.query<R>({ name: `b${createHash('sha1').update(compiled.sql).digest('hex')}`, text: compiled.sql, values: [...compiled.parameters] });

  /**
   * The session's user, then the blog with the viewer's flags about it and, beside it, the site's
   * safe mode flag when the user's setting is on (safe-mode.ts): what every call starts with.
   */
  const open = async (cookie: string | undefined, name: string) => {
    const session = await readSession(pool, cookie);
    if (!session) return null;
    const { user } = session;
    const [blogRows, offered] = await Promise.all([
      run<BlogRow & { following: boolean; followed_back: boolean; subscribed: boolean; blocked: boolean }>(blogWithRelationQuery(sqlCompiler, name, user.id).compile()),
      user.safe_mode ? run<{ enabled: boolean }>(safeModeOfferedQuery(sqlCompiler, user.id).compile()) : null,
    ]);
    const found = blogRows.rows[0];
    if (!found) return null;
    const { following, subscribed, blocked, ...blog } = found;
    if (blog.is_suspended || blog.user_id === user.id || blog.is_adult || blog.is_nsfw || blocked) return null;
    const safeMode = user.safe_mode && Boolean(offered?.rows[0]?.enabled);
    return { user, blog, flags: { following, subscribed }, hideFlagged: safeMode, safeMode };
  };

  /** hydratePosts: the posts, then their blogs (blocked flag) and note counts in parallel. */
  const hydrated = async (ids: string[], viewerId: string) => {
    const found = emptyHydration();
    if (ids.length === 0) return found;
    const posts = await run<PostRow>(sqlCompiler.selectFrom('posts').selectAll().where('id', 'in', ids).compile());
    const blogIds = new Set<string>();
    for (const post of posts.rows) {
      found.posts.set(post.id, post);
      blogIds.add(post.blog_id);
      for (const item of post.trail) blogIds.add(item.blog_id);
      if (post.from_blog_id && post.type !== 'note') blogIds.add(post.from_blog_id);
    }
    const [blogs, counts] = await Promise.all([
      run<BlogRow & { blocked: boolean }>(blogsQuery(sqlCompiler, [...blogIds], viewerId, { blocked: true }).compile()),
      run<{ id: string; note_count: string; liked: boolean; reblogged: boolean }>(noteStatsQuery(ids, viewerId).compile(sqlCompiler)),
    ]);
    for (const { blocked, ...blog } of blogs.rows) {
      found.blogs.set(blog.id, blog);
      if (blocked) found.blockedBlogs.add(blog.id);
    }
    for (const c of counts.rows) {
      found.noteCounts.set(c.id, Number(c.note_count));
      if (c.liked) found.liked.add(c.id);
      if (c.reblogged) found.reblogged.add(c.id);
    }
    return found;
  };
  const views = async (ids: string[], viewerId: string): Promise<PostView[]> => postViews(ids, await hydrated(ids, viewerId), viewerId, publicUrl);

  /**
   * ads/serve.ts pickAds: the rate-limit sweep (at most once per 10 minutes, as the app's), then
   * the reader's hourly counter and the pick in one statement.
   */
  let lastSweep = 0;
  const pickAds = async (user: UserRow, safeMode: boolean, slots: number, exclude: string[]): Promise<string[]> => {
    if (slots <= 0) return [];
    if (Date.now() - lastSweep >= 10 * 60_000) {
      lastSweep = Date.now();
      await run(sweepQuery(sqlCompiler).compile());
    }
    const counter = countHits([{ rule: READER_RULE, subject: `user:${user.id}`, cost: slots }])!;
    const request = { viewerUserId: user.id, safeMode, slots, exclude };
    const picked = serveAdsQuery(sqlCompiler, request, { counter: counter.query, cost: slots, limit: READER_RULE.limit }).compile(sqlCompiler);
    return (await run<{ post_id: string }>(picked)).rows.map((r) => String(r.post_id));
  };

  const app = Fastify();
  app.get<{ Querystring: { tumblelog_name_or_id: string } }>('/svc/indash_blog', async (request, reply) => {
    const seen = await open(request.headers.cookie, request.query.tumblelog_name_or_id);
    if (!seen) return reply.code(404).send(fail(404, 'Not Found'));
    const page = await run<{ id: string; publish_id: string }>(
      drawerPageQuery(sqlCompiler, { blogId: seen.blog.id, before: NO_CURSOR, offset: 0, limit: 10, ownerReads: false, hideFlagged: seen.hideFlagged }).compile(),
    );
    const shown = page.rows.slice(0, 10);
    const ids = shown.map((r) => r.id);
    const adIds = await pickAds(seen.user, seen.safeMode, slotsFor(ids.length), ids);
    const all = await hydrated([...ids, ...adIds], seen.user.id);
    const ads = postViews(adIds, all, seen.user.id, publicUrl);
    const view = blogView(seen.blog, publicUrl, seen.user.current_blog_id);
    const following = Boolean(seen.flags.following);
    const response: IndashBlogResponse = {
      posts: postViews(ids, all, seen.user.id, publicUrl),
      tumblelog: {
        ...view,
        following,
        can_subscribe: following,
        is_subscribed: following && Boolean(seen.flags.subscribed),
        is_owner: false,
        global_theme_params: { ...view.global_theme_params, header_image_dimens: null },
      },
      peepr_ad: ads.length > 0 ? { every: ADS.every, posts: ads } : null,
      tracking_html: '',
      next: page.rows.length > 10 ? shown[shown.length - 1]!.publish_id : null,
      safe_mode_hidden: false,
      survey: [],
      post_id: null,
      tumblelog_name: seen.blog.name,
      post_url: null,
      post_tiny_url: null,
    };
    return { meta: { status: 200, msg: 'OK' }, response } satisfies Envelope<IndashBlogResponse>;
  });

  app.get<{ Params: { blogName: string; term: string } }>('/svc/search/blog_search/:blogName/:term', async (request, reply) => {
    const seen = await open(request.headers.cookie, request.params.blogName);
    if (!seen) return reply.code(404).send(fail(404, 'Not Found'));
    const term = request.params.term.trim();
    const query = blogSearchQuery({
      blogId: seen.blog.id, term, tag: term.toLowerCase(), sort: 'CREATED_DESC', postType: 'ANY', postRole: 'ANY',
      hideFlagged: seen.hideFlagged, ownerReads: false, offset: 0, limit: 10,
    }).compile(sqlCompiler);
    const rows = (await run<{ id: string }>(query)).rows;
    const ids = rows.slice(0, 10).map((r) => r.id);
    const response: BlogSearchResponse = {
      term, limit: 10, sort: 'CREATED_DESC', post_type: 'ANY', post_role: 'ANY', filter_nsfw: false,
      posts: await views(ids, seen.user.id),
      next_offset: rows.length > 10 ? 10 : -1,
    };
    return { meta: { status: 200, msg: 'OK' }, response } satisfies Envelope<BlogSearchResponse>;
  });

  app.get<{ Params: { blogName: string }; Querystring: { q?: string } }>('/svc/search/blog_search_typeahead/:blogName', async (request, reply) => {
    const seen = await open(request.headers.cookie, request.params.blogName);
    if (!seen) return reply.code(404).send(fail(404, 'Not Found'));
    const rows = (await run<{ tag: string }>(typeaheadQuery(seen.blog.id, (request.query.q ?? '').trim(), 20, seen.hideFlagged ? 'safe' : 'public').compile(sqlCompiler))).rows;
    return { meta: { status: 200, msg: 'OK' }, response: { tags: rows.map((r) => ({ tag: r.tag })) } } satisfies Envelope<BlogTypeaheadResponse>;
  });

  const close = async () => {
    await app.close();
    await pool.end();
  };
  try {
    const recorded = await recordSql(async () => {
      for (const url of probe.paths) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie: `sid=${probe.token}` } });
        if (res.statusCode !== 200) throw new Error(`bare ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { port: (app.server.address() as AddressInfo).port, sql: recorded, close };
  } catch (error) {
    await close();
    throw error;
  }
}
