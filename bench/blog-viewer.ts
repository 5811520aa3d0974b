// The blog viewer drawer and in-blog search on the 1,000,000-post data set (feed-data.ts): our
// app against a bare route sending the same SQL (bare-blog-viewer.ts) for the drawer's first page
// and for blog search on the largest blog (~10,000 posts), the latency of one-word, two-word and
// tag searches and of the tag typeahead, and each query explained (EXPLAIN ANALYZE BUFFERS).
import pg from 'pg';
import { drawerPageQuery } from '../src/server/blog-viewer/queries';
import { NO_CURSOR } from '../src/server/posts/queries';
import { blogSearchQuery, typeaheadQuery } from '../src/server/search/blog-search-queries';
import type { BlogViewerProbe } from './bare-blog-viewer';
import type { ChildServer } from './child';
import { prepareFeedData, type FeedData } from './feed-data';
import { firstDifference, get, rounds, sameSql, spread, timedTurns, withPair, type CannonRequest, type LoadSettings } from './pair';
import { sqlCompiler } from './sql-compiler';

export interface BlogViewerSettings extends LoadSettings {
  /** Sequential requests per search term and server, for the latency spread. */
  latencyRequests: number;
  /** Reuse (or make and leave) the kept feed database (--keep-feed-db): generation is most of the run. */
  keep: boolean;
}

export interface Throughput {
  ours: number;
  bare: number;
  ratio: number;
  failures: number;
}

export interface LatencyRow {
  label: string;
  path: string;
  ours: { median: number; p99: number };
  bare: { median: number; p99: number } | null;
}

export interface ExplainedRow {
  label: string;
  ms: number;
  hit: number;
  read: number;
  rows: number;
  indexes: string[];
  seqScans: string[];
}

export interface BlogViewerMeasured {
  generatedMs: number;
  largest: { name: string; posts: number };
  sameSql: boolean;
  sameJson: boolean;
  drawer: Throughput;
  search: Throughput;
  latency: LatencyRow[];
  explain: ExplainedRow[];
}

export type BlogViewerResult = { skipped: string } | BlogViewerMeasured;

/** Words of the generator's titles, tags and sentences (feed-data.ts WORDS and SENTENCES). */
const TERMS = [
  { label: 'one word', term: 'train' },
  { label: 'two words', term: 'late novel' },
  { label: 'tag', term: 'lantern' },
];
const TYPEAHEAD = ['lan', 'er', ''];

const drawerPath = (blog: string) => `/svc/indash_blog?tumblelog_name_or_id=${encodeURIComponent(blog)}`;
const searchPath = (blog: string, term: string) => `/svc/search/blog_search/${encodeURIComponent(blog)}/${encodeURIComponent(term)}`;
const typeaheadPath = (blog: string, q: string) => `/svc/search/blog_search_typeahead/${encodeURIComponent(blog)}?q=${encodeURIComponent(q)}`;

/** pair.ts rounds for both servers: the mean requests per second of each and their ratio. */
async function throughput(ours: ChildServer, bare: ChildServer, requests: CannonRequest[], s: BlogViewerSettings): Promise<Throughput> {
  const [o, b] = await rounds([{ server: ours, label: 'ours' }, { server: bare, label: 'bare' }], requests, s);
  return { ours: o!.rps, bare: b!.rps, ratio: o!.rps / b!.rps, failures: o!.failures + b!.failures };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  'Actual Rows': number;
  Plans?: PlanNode[];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each recorded query our app sent, with the values it sent them with. */
async function explainAll(url: string, queries: { label: string; sql: string; values: unknown[] }[]): Promise<ExplainedRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows: ExplainedRow[] = [];
    for (const q of queries) {
      // A warm cache, as a live server has.
      await client.query(q.sql, q.values);
      const { rows: out } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode; 'Execution Time': number }] }>(
        `explain (analyze, buffers, format json) ${q.sql}`,
        q.values,
      );
      const [{ Plan: plan, 'Execution Time': ms }] = out[0]!['QUERY PLAN'];
      const indexes = new Set<string>();
      const seqScans = new Set<string>();
      const walk = (node: PlanNode) => {
        if (node['Index Name']) indexes.add(node['Index Name']);
        if (node['Node Type'] === 'Seq Scan' && node['Relation Name']) seqScans.add(node['Relation Name']);
        node.Plans?.forEach(walk);
      };
      walk(plan);
      rows.push({ label: q.label, ms, hit: plan['Shared Hit Blocks'], read: plan['Shared Read Blocks'], rows: plan['Actual Rows'], indexes: [...indexes], seqScans: [...seqScans] });
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** The blogs the drawer load opens: the largest and 49 of other sizes, none owned by a reader. */
async function pickBlogs(data: FeedData) {
  const readers = new Set(data.mix.map((u) => u.id));
  const client = new pg.Client({ connectionString: data.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string; name: string; n: string }>(
      `select b.id, b.name, c.n from (select blog_id, count(*) as n from posts group by blog_id) c
       join blogs b on b.id = c.blog_id order by c.n desc`,
    );
    const usable = rows.filter((r) => !readers.has(r.id));
    const largest = usable[0]!;
    const step = Math.floor(usable.length / 50);
    const others = Array.from({ length: 49 }, (_, i) => usable[(i + 1) * step]!).filter(Boolean);
    return { largest: { name: largest.name, posts: Number(largest.n) }, blogs: [largest.name, ...others.map((r) => r.name)] };
  } finally {
    await client.end();
  }
}

export async function benchBlogViewer(settings: BlogViewerSettings): Promise<BlogViewerResult> {
  const prepared = await prepareFeedData(settings.keep);
  if (!prepared.ok) return { skipped: prepared.reason };
  const data = prepared.data;
  try {
    const { largest, blogs } = await pickBlogs(data);
    const tokens = data.mix.map((u) => u.token);
    const probePaths = [drawerPath(largest.name), ...TERMS.map((t) => searchPath(largest.name, t.term)), ...TYPEAHEAD.map((q) => typeaheadPath(largest.name, q))];
    const probe: BlogViewerProbe = { paths: probePaths, token: tokens[0]! };
    const env = (server: 'ours' | 'bare') => ({ BENCH_SERVER: server, BENCH_DATABASE_URL: data.url, BENCH_SCENARIO: 'blog-viewer' as const, BENCH_PROBE: JSON.stringify(probe) });
    return await withPair('blog viewer', env, async (ours, bare) => {
      const same = sameSql('blog viewer', ours, bare);
      let sameJson = true;
      for (const path of probePaths) {
        const [a, b] = await Promise.all([get(ours, path, tokens[1]!), get(bare, path, tokens[1]!)]);
        if (a !== b) {
          sameJson = false;
          console.error(`JSON differs at ${path}, ${firstDifference(a, b)}`);
        }
      }

      const as = (path: string, i: number): CannonRequest => ({ method: 'GET', path, headers: { cookie: `sid=${tokens[i % tokens.length]}` } });
      const drawer = await throughput(ours, bare, blogs.flatMap((blog, i) => [as(drawerPath(blog), i), as(drawerPath(blog), i + 7)]), settings);
      const search = await throughput(ours, bare, TERMS.flatMap((t, i) => tokens.slice(0, 20).map((_, j) => as(searchPath(largest.name, t.term), i * 20 + j))), settings);

      const latencyRows: LatencyRow[] = [];
      const measure = async (label: string, path: string) => {
        for (const server of [ours, bare]) for (let i = 0; i < 5; i++) await get(server, path, tokens[i % tokens.length]!);
        const [o, b] = await timedTurns([ours, bare], settings.latencyRequests, (server, i) => get(server, path, tokens[i % tokens.length]!));
        latencyRows.push({ label, path, ours: spread(o!), bare: spread(b!) });
      };
      await measure('drawer, first page of the largest blog', drawerPath(largest.name));
      for (const t of TERMS) await measure(`blog search, ${t.label} "${t.term}"`, searchPath(largest.name, t.term));
      for (const q of TYPEAHEAD) await measure(`typeahead "${q}"`, typeaheadPath(largest.name, q));

      const explain = await explainAll(data.url, await explainTargets(data.url, largest.name));
      return { generatedMs: data.generatedMs, largest, sameSql: same, sameJson, drawer, search, latency: latencyRows, explain };
    });
  } finally {
    await data.drop();
  }
}


/** The app's own query builders with the largest blog's id: the texts and values the app sends. */
async function explainTargets(url: string, blogName: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const blogId = await client
    .query<{ id: string }>('select id from blogs where name = $1', [blogName])
    .then((r) => r.rows[0]!.id)
    .finally(() => client.end());
  const compiled = (label: string, q: { sql: string; parameters: readonly unknown[] }) => ({ label, sql: q.sql, values: [...q.parameters] });
  return [
    compiled('drawer first page', drawerPageQuery(sqlCompiler, { blogId, before: NO_CURSOR, offset: 0, limit: 10, ownerReads: false, hideFlagged: true }).compile()),
    ...TERMS.map((t) =>
      compiled(
        `blog search, ${t.label} "${t.term}"`,
        blogSearchQuery({
          blogId, term: t.term, tag: t.term, sort: 'CREATED_DESC', postType: 'ANY', postRole: 'ANY', hideFlagged: true, ownerReads: false, offset: 0, limit: 10,
        }).compile(sqlCompiler),
      ),
    ),
    compiled('blog search, popularity "train"', blogSearchQuery({
      blogId, term: 'train', tag: 'train', sort: 'POPULARITY_DESC', postType: 'ANY', postRole: 'ANY', hideFlagged: true, ownerReads: false, offset: 0, limit: 10,
    }).compile(sqlCompiler)),
    ...TYPEAHEAD.map((q) => compiled(`typeahead "${q}"`, typeaheadQuery(blogId, q, 20, 'safe').compile(sqlCompiler))),
  ];
}
