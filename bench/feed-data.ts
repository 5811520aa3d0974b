// The data the feed scenario reads: on PostgreSQL only, in bulk, with set-based SQL (one
// `insert ... select ... from generate_series` per table, never a row per round trip), on the
// schema the app's own migrations make. Deterministic: the same shape on every run, no random().
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/server/db/database';
import { hashToken, newToken } from '../src/server/http/tokens';
import { createScratchDatabase, withClient } from './postgres';

export const FEED_SHAPE = {
  users: 10_000,
  posts: 1_000_000,
  /** Posts are spread over this many days, ending now. */
  days: 365,
} as const;

/**
 * Users the bench reads as, by id: the follow counts of these are set exactly; everyone else
 * follows 20 to 380 blogs (200 on average). `mod` picks 20 users per group, scattered over ids.
 */
export const FOLLOW_GROUPS = [
  { follows: 5, mod: 500, rest: 7 },
  { follows: 200, mod: 500, rest: 17 },
  { follows: 2000, mod: 500, rest: 27 },
] as const;
/** The population sample the throughput part reads as: users whose id is 1 mod 40 (250 of them). */
const MIX = { mod: 40, rest: 1 } as const;

/** Bump when the generated data changes shape, so a kept database is made again. */
const VERSION = 'tumbleweed feed bench data v3';
/** The kept database (--keep-feed-db): one name, so the next run finds it. */
const KEPT_NAME = 'bench_feed_kept';
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface FeedUser {
  id: string;
  follows: number;
  /** The sid cookie: a session inserted for this run. */
  token: string;
}

export interface FeedData {
  url: string;
  name: string;
  /** Left in place at the end (--keep-feed-db). */
  kept: boolean;
  /** Generation steps with their times, or null when a kept database was reused. */
  generated: { step: string; ms: number }[] | null;
  generatedMs: number;
  stats: { users: number; blogs: number; posts: number; follows: number; maxPostsPerBlog: number; medianPostsPerBlog: number; sizeMb: number };
  /** Users of each FOLLOW_GROUPS entry, with their real follow counts. */
  groups: { follows: number; users: FeedUser[] }[];
  /** A sample of the whole population (follow counts 20 to 380). */
  mix: FeedUser[];
  drop(): Promise<void>;
}

export type FeedDataResult = { ok: true; data: FeedData } | { ok: false; reason: string };

const adminUrl = () => process.env.DATABASE_URL || DEFAULT_ADMIN_URL;
const redact = (url: string) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

const WORDS = [
  'autumn', 'river', 'lantern', 'paper', 'garden', 'window', 'morning', 'harbor', 'silver', 'meadow',
  'thunder', 'cinder', 'velvet', 'orchard', 'compass', 'signal', 'marble', 'willow', 'ember', 'atlas',
  'quiet', 'static', 'summer', 'winter', 'coffee', 'record', 'letter', 'island', 'shadow', 'canvas',
  'neon', 'forest', 'kettle', 'pixel', 'ribbon', 'saddle', 'tundra', 'violet', 'wander', 'zephyr',
];
const SENTENCES = [
  'Spent the whole afternoon rearranging the bookshelf by colour instead of by author.',
  'The train was late again, so I finally finished the novel everyone keeps recommending.',
  'Found a secondhand camera at the market and the first roll came back better than expected.',
  'Nobody warned me that learning the cello would mostly be learning patience.',
  'Tried the recipe from last week with twice the garlic and it was an improvement.',
  'There is a particular kind of quiet right after it snows that I wish I could bottle.',
  'Redrew the same sketch four times before admitting the first version was the right one.',
  'The neighbourhood cat has decided my balcony is its office now.',
  'Some songs only make sense when you hear them on a long drive at night.',
  'Reading old letters from my grandmother and noticing how much she loved semicolons.',
  'The museum had a room of maps drawn before anyone knew what the coastline looked like.',
  'Planted tomatoes, basil and far too much mint; the mint is winning.',
  'A reminder that finished is better than perfect, mostly for myself.',
  'Took the long way home and found a bakery that opens at five in the morning.',
  'The best conversations happen in kitchens at parties, this is simply a fact.',
  'Sorted through a decade of photos and kept only the blurry ones that felt true.',
  'My playlist for rainy days is now longer than my playlist for sunny ones.',
  'Learned that the word for the smell of rain after a dry spell is petrichor.',
  'Fixed the bicycle myself with a video and a borrowed wrench and feel unstoppable.',
  'Wrote three pages this morning before checking my phone, which is a small victory.',
  'Every city looks better from a bridge just after sunset.',
  'The library sale had a box of poetry for one dollar and I took all of it.',
  'Some days the best thing you can make is a cup of tea and an early night.',
  'Started a zine about local bus routes and somehow people want copies.',
];

/** A hash of n into [0, 2^32), one independent stream per salt: deterministic "randomness". */
const HASH = (n: string, salt: number) => `(hashint8extended(${n}::bigint, ${salt}) & 4294967295)`;

/** Follows per user, in SQL: the groups exactly, everyone else 20 to 380. */
const followCountSql = (u: string) =>
  `case ${FOLLOW_GROUPS.map((g) => `when ${u} % ${g.mod} = ${g.rest} then ${g.follows}`).join(' ')} ` +
  `else 20 + ${HASH(u, 12345)} % 361 end`;

/**
 * Steps of the load, in order. Posts go to blogs by rank r = floor(N * x²) for a uniform x: the
 * densest blog gets ~1% of all posts (~10 000), the median ~70, the sparsest ~50; ranks are
 * scattered over blog ids by a multiplier prime to N, rank 0 on blog 2 (blog 1's owner is one of the
 * readers, and the drawer bench wants the densest blog read by others). Each user u follows blogs
 * (u + k·step mod (N-1)) + 1 for k < count: distinct for a step prime to N-1, never their own.
 */
function loadSteps(passwordHash: string): { step: string; text: string; values?: unknown[]; bulkInto?: string[] }[] {
  const n = FEED_SHAPE.users;
  const stepMs = Math.floor((FEED_SHAPE.days * 86_400_000) / FEED_SHAPE.posts);
  return [
    {
      step: 'users',
      text: `insert into users (id, email, password_hash, email_verified_at, created_at) overriding system value
        select u, 'reader' || u || '@example.com', $1, now() - interval '400 days', now() - interval '400 days' + u * interval '1 minute'
        from generate_series(1, ${n}) u`,
      values: [passwordHash],
    },
    {
      step: 'blogs',
      text: `insert into blogs (id, user_id, name, title, description, created_at) overriding system value
        select u, u, w[1 + ${HASH('u', 1)} % ${WORDS.length}] || '-' || w[1 + ${HASH('u', 2)} % ${WORDS.length}] || '-' || u,
          initcap(w[1 + ${HASH('u', 1)} % ${WORDS.length}]) || ' ' || initcap(w[1 + ${HASH('u', 2)} % ${WORDS.length}]),
          'A blog about ' || w[1 + ${HASH('u', 3)} % ${WORDS.length}] || ' and ' || w[1 + ${HASH('u', 4)} % ${WORDS.length}] || '.',
          now() - interval '400 days' + u * interval '1 minute'
        from generate_series(1, ${n}) u, (select $1::text[] as w) words`,
      values: [WORDS],
    },
    {
      step: 'users point at their blogs',
      text: `update users set primary_blog_id = id, current_blog_id = id`,
    },
    {
      step: 'identity sequences',
      text: `select setval(pg_get_serial_sequence('users', 'id'), ${n}), setval(pg_get_serial_sequence('blogs', 'id'), ${n})`,
    },
    {
      step: `posts (${FEED_SHAPE.posts.toLocaleString('en')})`,
      // The posts triggers fill the search rows and tag counts (migration post-search) in the same statement.
      bulkInto: ['posts', 'post_search', 'blog_tags'],
      text: `insert into posts (id, blog_id, type, state, publish_id, date, slug, tags, content, root_id, reblog_key, created_at, updated_at)
        select id, blog_id, 'text', 'published', id, ts, lower(replace(title, ' ', '-')), tags,
          jsonb_build_object('type', 'text', 'title', title, 'body_html', body), id, reblog_key, ts, ts
        from (
          select
            ((floor(extract(epoch from t.ts) * 1000)::bigint) << 16) | (g.n % 65536) as id,
            t.ts,
            ((floor(${n} * power(${HASH('g.n', 0)} / 4294967296.0, 2))::bigint * 7777 + 1) % ${n}) + 1 as blog_id,
            initcap(w[1 + ${HASH('g.n', 11)} % ${WORDS.length}]) || ' ' || w[1 + ${HASH('g.n', 12)} % ${WORDS.length}]
              || ' ' || w[1 + ${HASH('g.n', 13)} % ${WORDS.length}] as title,
            '<p>' || s[1 + ${HASH('g.n', 21)} % ${SENTENCES.length}] || ' ' || s[1 + ${HASH('g.n', 22)} % ${SENTENCES.length}] || '</p>'
              || case when g.n % 3 = 0 then '<p>' || s[1 + ${HASH('g.n', 23)} % ${SENTENCES.length}] || '</p>' else '' end as body,
            (array[w[1 + ${HASH('g.n', 31)} % ${WORDS.length}], w[1 + ${HASH('g.n', 32)} % ${WORDS.length}]])[1:(g.n % 3)::int] as tags,
            substr(md5(g.n::text), 1, 8) as reblog_key
          from generate_series(1, ${FEED_SHAPE.posts}) g(n)
          cross join lateral (select now() - interval '${FEED_SHAPE.days} days' + g.n * interval '${stepMs} milliseconds' as ts) t
          cross join (select $1::text[] as w, $2::text[] as s) words
        ) p`,
      values: [WORDS, SENTENCES],
    },
    {
      step: 'follows',
      bulkInto: ['follows'],
      text: `insert into follows (user_id, blog_id, created_at)
        select f.u, ((f.u + (k * f.step) % ${n - 1}) % ${n}) + 1, now() - ((k * 7 + f.u) % 365) * interval '1 day'
        from (
          select u, ${followCountSql('u')} as c, (array[7919, 7927, 7933, 7937, 7949, 7951, 7963, 7993])[1 + u % 8] as step
          from generate_series(1, ${n}) u
        ) f
        cross join lateral generate_series(0, f.c - 1) k`,
    },
    // Vacuum as well as analyze: a settled table (visibility map, hint bits) like a live one that
    // autovacuum keeps, and no autovacuum of a million fresh rows starting in the middle of a measurement.
    { step: 'vacuum (analyze)', text: 'vacuum (analyze) users, blogs, posts, follows, post_search, blog_tags, post_notes' },
  ];
}

/** Sessions for the users the bench reads as, inserted directly: id = sha256(token), a form key, a day to live. */
async function startSessions(client: pg.Client): Promise<Pick<FeedData, 'groups' | 'mix'>> {
  const groupIds = FOLLOW_GROUPS.map((g) => idsWhere(g.mod, g.rest));
  const mixIds = idsWhere(MIX.mod, MIX.rest);
  const all = [...groupIds.flat(), ...mixIds];
  const { rows } = await client.query<{ user_id: string; n: string }>(
    'select user_id, count(*) as n from follows where user_id = any($1::bigint[]) group by user_id',
    [all],
  );
  const follows = new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  const tokens = all.map(() => newToken());
  await client.query('delete from sessions');
  await client.query(
    `insert into sessions (id, user_id, form_key, expires_at)
     select id, user_id, form_key, now() + interval '1 day' from unnest($1::text[], $2::bigint[], $3::text[]) as s(id, user_id, form_key)`,
    [tokens.map(hashToken), all, all.map(() => newToken(16))],
  );
  const user = (id: string): FeedUser => ({ id, follows: follows.get(id) ?? 0, token: tokens[all.indexOf(id)]! });
  return {
    groups: FOLLOW_GROUPS.map((g, i) => ({ follows: g.follows, users: groupIds[i]!.map(user) })),
    mix: mixIds.map(user),
  };
}

function idsWhere(mod: number, rest: number): string[] {
  const ids: string[] = [];
  for (let u = rest; u <= FEED_SHAPE.users; u += mod) if (u >= 1) ids.push(String(u));
  return ids;
}

async function readStats(client: pg.Client): Promise<FeedData['stats']> {
  const { rows } = await client.query<Record<string, string>>(`
    select
      (select count(*) from users) as users,
      (select count(*) from blogs) as blogs,
      (select count(*) from posts) as posts,
      (select count(*) from follows) as follows,
      (select max(n) from (select count(*) n from posts group by blog_id) c) as max_posts,
      (select percentile_disc(0.5) within group (order by n) from (select count(*) n from posts group by blog_id) c) as median_posts,
      pg_database_size(current_database()) as size`);
  const r = rows[0]!;
  return {
    users: Number(r.users),
    blogs: Number(r.blogs),
    posts: Number(r.posts),
    follows: Number(r.follows),
    maxPostsPerBlog: Number(r.max_posts),
    medianPostsPerBlog: Number(r.median_posts),
    sizeMb: Number(r.size) / 1e6,
  };
}

interface Structure {
  kind: 'index' | 'foreign key';
  name: string;
  def: string;
}

/**
 * A table's secondary indexes and foreign keys as the migrations made them (the primary key
 * stays): what a bulk load maintains row by row, and builds far faster in one pass afterwards.
 */
async function secondaryStructures(client: pg.Client, table: string): Promise<Structure[]> {
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `select i.relname as name, pg_get_indexdef(i.oid) as def
     from pg_index x join pg_class i on i.oid = x.indexrelid
     where x.indrelid = $1::regclass and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
     order by i.relname`,
    [table],
  );
  const { rows: keys } = await client.query<{ name: string; def: string }>(
    `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
     where conrelid = $1::regclass and contype = 'f' order by conname`,
    [table],
  );
  return [...indexes.map((r) => ({ kind: 'index' as const, ...r })), ...keys.map((r) => ({ kind: 'foreign key' as const, ...r }))];
}

/**
 * Loads `tables` (the one written and those its triggers fill) without their secondary indexes
 * and foreign keys, then re-creates them from their own definitions.
 */
async function bulkLoad(client: pg.Client, tables: string[], load: () => Promise<unknown>): Promise<{ loadMs: number; restoreMs: number }> {
  const saved = new Map<string, Structure[]>();
  for (const table of tables) saved.set(table, await secondaryStructures(client, table));
  for (const [table, structures] of saved) {
    for (const s of structures) {
      await client.query(s.kind === 'index' ? `drop index "${s.name}"` : `alter table "${table}" drop constraint "${s.name}"`);
    }
  }
  let started = performance.now();
  await load();
  const loadMs = performance.now() - started;
  started = performance.now();
  // Indexes first, so the foreign keys' validation can use them.
  for (const structures of saved.values()) for (const s of structures) if (s.kind === 'index') await client.query(s.def);
  for (const [table, structures] of saved) {
    for (const s of structures) if (s.kind === 'foreign key') await client.query(`alter table "${table}" add constraint "${s.name}" ${s.def}`);
  }
  for (const [table, structures] of saved) {
    const restored = await secondaryStructures(client, table);
    if (JSON.stringify(restored) !== JSON.stringify(structures)) {
      throw new Error(`${table}: indexes and keys differ after the load:\n${JSON.stringify(structures)}\n${JSON.stringify(restored)}`);
    }
  }
  return { loadMs, restoreMs: performance.now() - started };
}

/** Runs the app's migrations, then the bulk load; returns each step's time. */
async function generate(url: string): Promise<{ step: string; ms: number }[]> {
  const times: { step: string; ms: number }[] = [];
  let started = performance.now();
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  times.push({ step: "app's migrations", ms: performance.now() - started });
  await withClient(url, async (client) => {
    // Nobody logs in as these users (sessions are made directly), so no password matches.
    for (const { step, text, values, bulkInto } of loadSteps('generated-by-bench:no-password')) {
      if (bulkInto) {
        const { loadMs, restoreMs } = await bulkLoad(client, bulkInto, () => client.query(text, values));
        times.push({ step, ms: loadMs }, { step: `${bulkInto.join(', ')}: indexes and foreign keys re-created`, ms: restoreMs });
        continue;
      }
      started = performance.now();
      await client.query(text, values);
      times.push({ step, ms: performance.now() - started });
    }
    // The load wrote ~1 GB of WAL: flush it now rather than during the measurements (needs rights; optional).
    started = performance.now();
    const flushed = await client.query('checkpoint').then(() => true, () => false);
    if (flushed) times.push({ step: 'checkpoint', ms: performance.now() - started });
  });
  return times;
}

const databaseComment = async (client: pg.Client, name: string) =>
  (await client.query<{ c: string | null }>("select shobj_description(oid, 'pg_database') as c from pg_database where datname = $1", [name]))
    .rows[0];

/**
 * The feed database: made fresh (and dropped at the end), or with `keep` the kept one, reused when
 * a previous run finished it with this generator version, made again otherwise.
 */
export async function prepareFeedData(keep: boolean): Promise<FeedDataResult> {
  let url: string;
  let name: string;
  let drop: () => Promise<void>;
  let reuse = false;
  if (keep) {
    name = KEPT_NAME;
    try {
      reuse = await withClient(adminUrl(), async (client) => {
        const existing = await databaseComment(client, name);
        if (existing?.c === VERSION) return true;
        if (existing) await client.query(`drop database "${name}" with (force)`);
        await client.query(`create database "${name}"`);
        return false;
      });
    } catch (error) {
      return { ok: false, reason: `no PostgreSQL at ${redact(adminUrl())} (${(error as Error).message})` };
    }
    const parsed = new URL(adminUrl());
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    drop = async () => {};
  } else {
    const scratch = await createScratchDatabase();
    if (!scratch.ok) return scratch;
    ({ url, name, drop } = scratch.database);
  }

  try {
    const started = performance.now();
    const generated = reuse ? null : await generate(url);
    const generatedMs = performance.now() - started;
    // Marked complete only now: a load cut short is made again next time.
    if (keep && !reuse) await withClient(adminUrl(), (client) => client.query(`comment on database "${name}" is '${VERSION}'`));
    const { stats, users } = await withClient(url, async (client) => ({
      stats: await readStats(client),
      users: await startSessions(client),
    }));
    return { ok: true, data: { url, name, kept: keep, generated, generatedMs, stats, ...users, drop } };
  } catch (error) {
    await drop();
    throw error;
  }
}
