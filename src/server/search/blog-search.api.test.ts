// In-blog search and its tag typeahead (spec 2 §4, §5, §7): ranking, filters, paging and the
// blog page's visibility rules, on PGlite and (TEST_DB=postgres) PostgreSQL.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import type { BlogSearchResponse, BlogTypeaheadResponse } from '../../shared/search/blog-search';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { blogSearchIds, blogSearchQuery, typeaheadQuery } from './blog-search-queries';
import { createTestApp, expectError, expectOk, get, newAccount, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
let reader: Session;
let fan: Session;
let blocked: Session;
let adult: Session;
const made: Record<string, PostView> = {};

const searchUrl = (blog: string, term: string, query = '') => `/svc/search/blog_search/${encodeURIComponent(blog)}/${encodeURIComponent(term)}${query ? `?${query}` : ''}`;
const search = async (term: string, query = '', as: Session | null = reader, blog = blogOf(owner)) =>
  expectOk<BlogSearchResponse>(await get(t.app, searchUrl(blog, term, query), as ? asOwner(as) : {}));
const ids = (r: BlogSearchResponse) => r.posts.map((p) => p.id);
const typeahead = async (q: string, as: Session | null = reader, blog = blogOf(owner)) =>
  expectOk<BlogTypeaheadResponse>(await get(t.app, `/svc/search/blog_search_typeahead/${blog}?q=${encodeURIComponent(q)}`, as ? asOwner(as) : {})).tags.map((x) => x.tag);

const photo = (caption: string, tags: string) => ({ 'post[type]': 'photo', 'images[o1]': 'https://img.example/p.jpg', 'post[two]': `<p>${caption}</p>`, 'post[tags]': tags });

beforeAll(async () => {
  t = await createTestApp();
  owner = await register(t.app, newAccount('keeper'));
  reader = await register(t.app, newAccount('visitor'));
  fan = await register(t.app, newAccount('admirer'));
  blocked = await register(t.app, newAccount('pest'));
  adult = await register(t.app, newAccount('nocturne'));
  await t.db.updateTable('blogs').set({ is_adult: true }).where('name', '=', blogOf(adult)).execute();

  // Oldest first: the exact tag match is the oldest, so date order alone would put it last.
  made.tagRiver = await createPost(t.app, owner, { ...textPost('Morning walk', '<p>Nothing to see.</p>'), 'post[tags]': 'River' });
  made.bodyRiver = await createPost(t.app, owner, textPost('Afternoon', '<p>We sat by the river until dark.</p>'));
  made.lantern = await createPost(t.app, owner, textPost('Festival', '<p>A paper lantern floated past the lantern stall and more paper.</p>'));
  made.paperOnly = await createPost(t.app, owner, textPost('Shopping', '<p>Bought lantern oil and some paper.</p>'));
  made.theWho = await createPost(t.app, owner, { ...textPost('Concert', '<p>Loud and late.</p>'), 'post[tags]': 'the who' });
  made.photo = await createPost(t.app, owner, photo('A river photo at dusk', 'photography'));
  made.flagged = await createPost(t.app, owner, textPost('Flagged river', '<p>river at night</p>'));
  // Flagged after it was written: the search row follows the post.
  await t.db.updateTable('posts').set({ owner_flagged_nsfw: true }).where('id', '=', made.flagged.id).execute();
  made.private = await createPost(t.app, owner, { ...textPost('Private river', '<p>secret river spot</p>'), 'post[state]': 'private', 'post[tags]': 'hidden tag' });
  made.draft = await createPost(t.app, owner, { ...textPost('Draft river', '<p>unfinished river</p>'), 'post[state]': '1' });
  // A reblog of someone else's river post: not ORIGINAL.
  const elsewhere = await createPost(t.app, fan, textPost('River source', '<p>the river source itself</p>'));
  made.reblog = expectOk<{ created_post: PostView }>(
    await post(t.app, '/svc/post/update', { channel_id: blogOf(owner), reblog_post_id: elsewhere.id, reblog_key: elsewhere.reblog_key, 'post[two]': '<p>river again</p>' }, asOwner(owner)),
  ).created_post;
  // Notes: bodyRiver gets two likes, the photo one.
  for (const s of [reader, fan]) expectOk(await post(t.app, '/svc/like', { id: made.bodyRiver.id, key: made.bodyRiver.reblog_key }, asOwner(s)));
  expectOk(await post(t.app, '/svc/like', { id: made.photo.id, key: made.photo.reblog_key }, asOwner(reader)));

  expectOk(await post(t.app, '/svc/block/add', { tumblelog: blogOf(owner), blocked_tumblelog: blogOf(blocked) }, asOwner(owner)));
  await createPost(t.app, adult, textPost('Adult river', '<p>river</p>'));
});
afterAll(() => t?.close());

describe('blog_search ranking and filters', () => {
  it('ranks posts tagged exactly with the term first, then newest first; drafts, private and flagged posts stay hidden', async () => {
    const r = await search('river');
    expect(ids(r)[0]).toBe(made.tagRiver!.id);
    expect(ids(r)).toEqual([made.tagRiver!.id, made.reblog!.id, made.photo!.id, made.bodyRiver!.id]);
    expect(r).toMatchObject({ term: 'river', sort: 'CREATED_DESC', post_type: 'ANY', post_role: 'ANY', filter_nsfw: false, limit: 10, next_offset: -1 });
    // The tag as typed with a # and in other case is the same tag.
    expect(ids(await search('#RIVER'))[0]).toBe(made.tagRiver!.id);
  });

  it('finds words in any order and a quoted phrase only as a phrase', async () => {
    expect(ids(await search('paper lantern')).sort()).toEqual([made.lantern!.id, made.paperOnly!.id].sort());
    expect(ids(await search('"paper lantern"'))).toEqual([made.lantern!.id]);
    expect(ids(await search('lanterns'))).toContain(made.lantern!.id);
  });

  it('finds a tag made only of stop words', async () => {
    expect(ids(await search('the who'))).toEqual([made.theWho!.id]);
    expect(ids(await search('?!'))).toEqual([]);
  });

  it('sorts by notes, keeps originals only, filters by type and safe search', async () => {
    expect(ids(await search('river', 'sort=POPULARITY_DESC')).slice(0, 3)).toEqual([made.tagRiver!.id, made.bodyRiver!.id, made.photo!.id]);
    expect(ids(await search('river', 'post_role=ORIGINAL'))).not.toContain(made.reblog!.id);
    expect(ids(await search('river', 'post_type=PHOTO'))).toEqual([made.photo!.id]);
    expect(ids(await search('river', 'post_type=QUOTE'))).toEqual([]);
  });

  it('pages with next_offset until it turns negative', async () => {
    const seen: string[] = [];
    let offset = 0;
    let pages = 0;
    while (offset >= 0) {
      const r = await search('river', `limit=2&next_offset=${offset}`);
      seen.push(...ids(r));
      offset = r.next_offset;
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(ids(await search('river')));
  });
});

describe('blog_search visibility', () => {
  it('shows the owner private and flagged posts, never drafts', async () => {
    const mine = ids(await search('river', '', owner));
    expect(mine).toContain(made.private!.id);
    expect(mine).toContain(made.flagged!.id);
    expect(mine).not.toContain(made.draft!.id);
    expect(ids(await search('river', 'filter_nsfw=true', owner))).not.toContain(made.flagged!.id);
  });

  it('shows flagged posts to a reader with safe mode off, unless safe search is on', async () => {
    expectOk(await post(t.app, '/svc/user/settings', { safe_mode: false }, asOwner(fan)));
    expect(ids(await search('river', '', fan))).toContain(made.flagged!.id);
    expect(ids(await search('river', 'filter_nsfw=true', fan))).not.toContain(made.flagged!.id);
    expect(ids(await search('river', '', null))).not.toContain(made.flagged!.id);
  });

  it('refuses adult blogs in safe mode, a blocked reader and suspended blogs', async () => {
    expectError(await get(t.app, searchUrl(blogOf(adult), 'river'), asOwner(reader)), 403, /Safe Mode is on/);
    expect((await search('river', '', fan, blogOf(adult))).posts).toHaveLength(1);
    expectError(await get(t.app, searchUrl(blogOf(owner), 'river'), asOwner(blocked)), 403);
    expectError(await get(t.app, `/svc/search/blog_search_typeahead/${blogOf(owner)}?q=ri`, asOwner(blocked)), 403);
    await t.db.updateTable('blogs').set({ is_suspended: true }).where('name', '=', blogOf(adult)).execute();
    expectError(await get(t.app, searchUrl(blogOf(adult), 'river'), asOwner(fan)), 404);
    expect((await search('river', '', adult, blogOf(adult))).posts).toHaveLength(1);
    await t.db.updateTable('blogs').set({ is_suspended: false }).where('name', '=', blogOf(adult)).execute();
    expectError(await get(t.app, searchUrl('no-such-blog-here', 'river')), 404);
  });

  it('answers 400 to bad input and changes nothing', async () => {
    const blog = blogOf(owner);
    for (const [query, message] of [
      ['sort=NEWEST', /sort must be one of CREATED_DESC, POPULARITY_DESC/],
      ['post_type=GIF', /post_type must be one of ANY, TEXT/],
      ['post_role=REBLOG', /post_role must be one of ANY, ORIGINAL/],
      ['next_offset=-3', /next_offset must be a whole number from 0/],
      ['next_offset=99999999999999999999', /next_offset must be a whole number/],
      ['limit=0', /limit must be a whole number from 1 to 20/],
      ['filter_nsfw=maybe', /filter_nsfw must be true or false/],
    ] as const) {
      expectError(await get(t.app, searchUrl(blog, 'river', query), asOwner(reader)), 400, message);
    }
    expectError(await get(t.app, searchUrl(blog, 'x'.repeat(101)), asOwner(reader)), 400, /100 characters or fewer/);
    expect((await search('川'.repeat(100))).posts).toEqual([]);
    // A lone surrogate cannot be encoded in a URL: its bytes are no UTF-8, refused by the router.
    expect((await get(t.app, `/svc/search/blog_search/${blog}/a%ED%A0%80b`, asOwner(reader))).statusCode).toBe(400);
    expectError(await get(t.app, `/svc/search/blog_search_typeahead/${blog}?q=${'y'.repeat(101)}`, asOwner(reader)), 400, /100 characters/);
  });
});

describe('blog_search_typeahead', () => {
  it('lists the tags containing the text, most used first, public posts only to others, at most 20', async () => {
    const tagger = await register(t.app, newAccount('tagger'));
    for (let i = 0; i < 25; i++) {
      const tags = [`cat${String(i).padStart(2, '0')}`, ...(i < 3 ? ['Catnip'] : []), ...(i < 2 ? ['wildcats'] : [])].join(',');
      await createPost(t.app, tagger, { ...textPost(`Cat ${i}`), 'post[tags]': tags });
    }
    await createPost(t.app, tagger, { ...textPost('Private cat'), 'post[state]': 'private', 'post[tags]': 'catsecret' });
    const found = await typeahead('CAT', reader, blogOf(tagger));
    expect(found).toHaveLength(20);
    expect(found.slice(0, 2)).toEqual(['Catnip', 'wildcats']);
    expect(found).not.toContain('catsecret');
    expect(await typeahead('ldca', reader, blogOf(tagger))).toEqual(['wildcats']);
    expect(await typeahead('', reader, blogOf(tagger))).toHaveLength(20);
    expect(await typeahead('%', reader, blogOf(tagger))).toEqual([]);
    expect(await typeahead('wh')).toEqual(['the who']);
    // A private post's tag: its owner's own, nobody else's.
    expect(await typeahead('hidden', owner)).toEqual(['hidden tag']);
    expect(await typeahead('hidden', reader)).toEqual([]);
  });

  it("offers the owner their private posts' tags, and nobody else", async () => {
    const diarist = await register(t.app, newAccount('diarist'));
    const shown = await createPost(t.app, diarist, { ...textPost('Open page'), 'post[tags]': 'journal' });
    const hidden = await createPost(t.app, diarist, { ...textPost('Closed page'), 'post[state]': 'private', 'post[tags]': 'journal,journey' });
    expect(await typeahead('jour', diarist, blogOf(diarist))).toEqual(['journal', 'journey']);
    expect(await typeahead('', diarist, blogOf(diarist))).toEqual(['journal', 'journey']);
    expect(await typeahead('jour', reader, blogOf(diarist))).toEqual(['journal']);
    // Made public: everyone is offered it; deleted: nobody is.
    await t.db.updateTable('posts').set({ is_private: false }).where('id', '=', hidden.id).execute();
    expect(await typeahead('jour', reader, blogOf(diarist))).toEqual(['journal', 'journey']);
    await t.db.deleteFrom('posts').where('id', 'in', [shown.id, hidden.id]).execute();
    expect(await typeahead('jour', diarist, blogOf(diarist))).toEqual([]);
  });

  it('leaves out tags only NSFW-flagged posts carry in safe mode, and counts only what the reader sees', async () => {
    const painter = await register(t.app, newAccount('painter'));
    const flagged = [];
    for (let i = 0; i < 3; i++) flagged.push(await createPost(t.app, painter, { ...textPost(`Study ${i}`), 'post[tags]': 'figure,nude' }));
    await createPost(t.app, painter, { ...textPost('Still life'), 'post[tags]': 'fruit' });
    await createPost(t.app, painter, { ...textPost('Another still life'), 'post[tags]': 'fruit,figure' });
    await t.db.updateTable('posts').set({ owner_flagged_nsfw: true }).where('id', 'in', flagged.map((p) => p.id)).execute();

    const safeReader = await register(t.app, newAccount('cautious'));
    const bold = await register(t.app, newAccount('bold'));
    expectOk(await post(t.app, '/svc/user/settings', { safe_mode: false }, asOwner(bold)));
    // In safe mode: figure is on one visible post, fruit on two; nude on none.
    expect(await typeahead('', safeReader, blogOf(painter))).toEqual(['fruit', 'figure']);
    expect(await typeahead('nud', safeReader, blogOf(painter))).toEqual([]);
    // Safe mode off, and the owner: every public post counts.
    expect(await typeahead('', bold, blogOf(painter))).toEqual(['figure', 'nude', 'fruit']);
    expect(await typeahead('', painter, blogOf(painter))).toEqual(['figure', 'nude', 'fruit']);
    // The flag taken off: offered in safe mode again.
    await t.db.updateTable('posts').set({ owner_flagged_nsfw: false }).where('id', 'in', flagged.map((p) => p.id)).execute();
    expect(await typeahead('nud', safeReader, blogOf(painter))).toEqual(['nude']);
  });
});

describe('query plans', () => {
  /** The relations and indexes of a plan, with sequential scans ruled out where an index serves. */
  async function planOf(query: { sql: string; parameters: readonly unknown[] }) {
    return t.db.transaction().execute(async (trx) => {
      // The test tables are tiny: without this the planner reads them whole, as it should.
      await sql`set local enable_seqscan = off`.execute(trx);
      // The app's text with its parameters, bound through a prepared statement (a custom plan).
      const name = 'plan_probe';
      const params = query.parameters.map((p) => (typeof p === 'string' ? `'${p.replace(/'/g, "''")}'` : String(p)));
      await sql.raw(`prepare ${name} as ${query.sql}`).execute(trx);
      const plan = await sql.raw<{ 'QUERY PLAN': string }>(`explain execute ${name}(${params.join(', ')})`).execute(trx);
      await sql.raw(`deallocate ${name}`).execute(trx);
      return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }
  const blogId = async () => (await t.db.selectFrom('blogs').select('id').where('name', '=', blogOf(owner)).executeTakeFirstOrThrow()).id;

  it('typeahead reads only blog_tags, through an index, never the posts, for every audience', async () => {
    for (const audience of ['owner', 'safe', 'public'] as const) {
      for (const text of ['', 'ri', 'riv', 'the who']) {
        const plan = await planOf(typeaheadQuery(await blogId(), text, 20, audience).compile(t.db));
        expect(plan).not.toMatch(/\bposts\b/);
        expect(plan).not.toMatch(/Seq Scan/);
        expect(plan).toMatch(/blog_tags_(typeahead|most_used|safe_used|owner_used)_idx|blog_tags_pkey/);
      }
    }
    // Nothing typed: the audience's own most-used order, walked on its index.
    expect(await planOf(typeaheadQuery(await blogId(), '', 20, 'safe').compile(t.db))).toMatch(/blog_tags_safe_used_idx/);
    expect(await planOf(typeaheadQuery(await blogId(), '', 20, 'owner').compile(t.db))).toMatch(/blog_tags_owner_used_idx/);
  });

  // The newest posts are tested one by one and the GIN index gives the older matches only when they
  // do not hold enough: however few the walk reads, the answer is the same as reading every match.
  it('finds the same posts, in the same order, whatever part of the blog the bounded walk covers', async () => {
    const base = { blogId: await blogId(), sort: 'CREATED_DESC', postType: 'ANY', postRole: 'ANY', hideFlagged: false, ownerReads: true } as const;
    for (const term of ['river', 'paper', 'lantern paper', 'late']) {
      for (const [offset, limit] of [[0, 10], [0, 2], [1, 2], [3, 1]] as const) {
        const request = { ...base, term, tag: term, offset, limit };
        const everything = await blogSearchIds(t.db, request, 10_000);
        for (const walk of [1, 2, 3]) expect(await blogSearchIds(t.db, request, walk), `${term} ${offset}+${limit} walk ${walk}`).toEqual(everything);
      }
    }
    expect((await blogSearchIds(t.db, { ...base, term: 'river', tag: 'river', offset: 0, limit: 10 }, 1)).ids.length).toBeGreaterThan(3);
  });

  // On this handful of rows the planner may as well walk site search's newest-first index; on the
  // bench's million posts it takes the blog's GIN index (EXPLAIN in the bench). Either way: post_search only.
  it('blog search reads post_search through an index, never a walk of the posts of the blog', async () => {
    const request = { blogId: await blogId(), term: 'river', tag: 'river', sort: 'CREATED_DESC', postType: 'ANY', postRole: 'ANY', hideFlagged: true, ownerReads: false, offset: 0, limit: 10 } as const;
    const plan = await planOf(blogSearchQuery(request).compile(t.db));
    expect(plan).toMatch(/Index Scan (on|using) post_search_(blog_document|recent|blog_recent|blog_tags)_idx/);
    expect(plan).not.toMatch(/\bon posts\b/);
    expect(plan).not.toMatch(/Seq Scan/);
  });
});
