// Who to talk to: one blog's info (participant_info) and the 'To:' search and favorites
// (participant_suggestions). Blogs across a block, suspended blogs (nobody reaches them:
// visibility.ts mayReach) and the viewer's own never show.
import { sql } from 'kysely';
import { SUGGESTED_RECIPIENTS, SUGGESTIONS_DEFAULT, type ParticipantInfoView, type ParticipantView } from '../../shared/messaging/api';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { AppError, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { mayReachSql, notAcrossBlock } from '../visibility';
import { participantRows } from './queries';
import { participantView } from './views';

const noSuchBlog = () => new AppError(404, ErrorCode.blogNotFound, 'There is no such blog, or it is not yours to see.');

/** Whole seconds since a follow began, or null when there is no follow. */
const since = (at: Date | string | null, now: number) => (at === null ? null : Math.max(0, Math.floor((now - new Date(at).getTime()) / 1000)));

export async function participantInfo(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: { q: string }): Promise<ParticipantInfoView> {
  const target = await ctx.db
    .selectFrom('blogs')
    .select('id')
    .where('uuid', '=', input.q)
    .where(mayReachSql('blogs'))
    .where(notAcrossBlock(ctx.db, 'blogs.id', viewer.user.id))
    .executeTakeFirst();
  if (!target) throw noSuchBlog();
  const [rows, intro] = await Promise.all([
    participantRows(ctx.db, [target.id], viewer.user.id, blog.id),
    // The intro card in one query: the top two tags (blog_tags_pkey: one blog's tags) and when each follow began.
    sql<{ tags: string[] | null; followed_you_at: Date | null; following_at: Date | null }>`
      select
        (select array_agg(t.tag order by t.uses desc, t.tag) from (
          select tag, uses from blog_tags where blog_id = ${target.id} and uses > 0 order by uses desc, tag limit 2) t) as tags,
        (select f.created_at from follows f join blogs o on o.id = ${target.id} where f.user_id = o.user_id and f.blog_id = ${blog.id}) as followed_you_at,
        (select f.created_at from follows f where f.user_id = ${viewer.user.id} and f.blog_id = ${target.id}) as following_at`.execute(ctx.db),
  ]);
  const now = Date.now();
  const card = intro.rows[0]!;
  return {
    ...participantView(rows.get(target.id)!, ctx.config.publicUrl),
    blog_tags: card.tags ?? [],
    duration_blog_following_you: since(card.followed_you_at, now),
    duration_following_blog: since(card.following_at, now),
  };
}

const yes = (flag: string | undefined) => flag === 'true' || flag === '1';
/** LIKE's own characters, taken literally in a search. */
const likePrefix = (text: string) => `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface SuggestionsInput {
  q?: string;
  limit?: number;
  include_recent?: string;
  exclude_active?: string;
  flag?: string;
  include_tags?: string;
}

/**
 * With q: blogs whose name starts with it, an exact name first. Without: the blogs the viewer
 * follows, the favorites first (those that follow the acting blog back), then with include_recent
 * the most recently followed; exclude_active leaves out those the acting blog already has a
 * conversation with. `recently_followed` (with include_recent) says the list holds no favorite:
 * the client titles it 'Recently Followed' rather than 'Favorites' (spec 2 §2).
 */
export async function participantSuggestions(
  ctx: AppContext, viewer: Viewer, blog: BlogRow, input: SuggestionsInput,
): Promise<{ blogs: ParticipantView[]; recently_followed?: boolean }> {
  const limit = input.limit ?? SUGGESTIONS_DEFAULT;
  const q = input.q?.trim() ?? '';
  const base = ctx.db
    .selectFrom('blogs as b')
    .where(mayReachSql('b'))
    .where('b.user_id', '<>', viewer.user.id)
    .where(notAcrossBlock(ctx.db, 'b.id', viewer.user.id));
  const ids = q
    ? await base
        .select(['b.id'])
        .where(sql<boolean>`lower(b.name) like ${likePrefix(q)}`)
        .orderBy(sql`lower(b.name) = ${q.toLowerCase()}`, 'desc')
        .orderBy('b.name')
        .limit(limit)
        .execute()
    : await base
        .innerJoin('follows as f', 'f.blog_id', 'b.id')
        .select(['b.id'])
        // A favorite follows the acting blog back (follows_pkey: the other blog's owner and this blog).
        .select(({ exists, selectFrom }) =>
          exists(selectFrom('follows as back').select('back.blog_id').where('back.user_id', '=', sql.ref<string>('b.user_id')).where('back.blog_id', '=', blog.id)).as('is_favorite'),
        )
        .where('f.user_id', '=', viewer.user.id)
        .$if(yes(input.exclude_active), (qb) =>
          qb.where(({ not, exists, selectFrom }) =>
            not(exists(
              selectFrom('conversations as c')
                .select('c.id')
                .where((eb) => eb.or([
                  eb.and([eb('c.pair_low', '=', blog.id), eb('c.pair_high', '=', eb.ref('b.id'))]),
                  eb.and([eb('c.pair_high', '=', blog.id), eb('c.pair_low', '=', eb.ref('b.id'))]),
                ])),
            )),
          ),
        )
        .orderBy('is_favorite', 'desc')
        // include_recent: recently followed first (spec 2 'Recently Followed'); otherwise by name.
        .$if(yes(input.include_recent), (qb) => qb.orderBy('f.created_at', 'desc'))
        .orderBy('b.name')
        .limit(limit)
        .execute();
  const blogIds = ids.map((r) => r.id);
  const [rows, tags] = await Promise.all([
    participantRows(ctx.db, blogIds, viewer.user.id, blog.id),
    yes(input.include_tags) ? topTagsOf(ctx, blogIds) : null,
  ]);
  const recentlyFollowed = !q && yes(input.include_recent) ? { recently_followed: !ids.some((r) => 'is_favorite' in r && r.is_favorite) } : {};
  return {
    blogs: ids.map((r) => ({ ...participantView(rows.get(r.id)!, ctx.config.publicUrl), ...(tags && { blog_tags: tags.get(r.id) ?? [] }) })),
    ...recentlyFollowed,
  };
}

/** Each blog's two most used tags, most used first, for a whole list in one query (blog_tags_pkey). */
async function topTagsOf(ctx: AppContext, blogIds: string[]): Promise<Map<string, string[]>> {
  if (blogIds.length === 0) return new Map();
  const rows = await sql<{ blog_id: string; tags: string[] }>`
    select b.id as blog_id, array(
      select t.tag from blog_tags t where t.blog_id = b.id and t.uses > 0 order by t.uses desc, t.tag limit 2) as tags
    from blogs b where b.id in (${sql.join(blogIds)})`.execute(ctx.db);
  return new Map(rows.rows.map((r) => [String(r.blog_id), r.tags]));
}

/**
 * flag=post without q (the send-a-post popover): the favorites as above, plus `suggested`, the
 * extra recipients to discuss a post with: the blogs the acting blog talked with most recently
 * (conversation_participants_inbox_idx), not already among the favorites. Both lists come from
 * one statement; their blogs from one more (hydration).
 */
export async function postRecipientSuggestions(ctx: AppContext, viewer: Viewer, blog: BlogRow, input: SuggestionsInput): Promise<{ blogs: ParticipantView[]; suggested: ParticipantView[] }> {
  const limit = input.limit ?? SUGGESTIONS_DEFAULT;
  const db = ctx.db;
  const other = sql<string>`case when c.pair_low = cp.blog_id then c.pair_high else c.pair_low end`;
  const favorites = db
    .selectFrom('blogs as b')
    .innerJoin('follows as f', 'f.blog_id', 'b.id')
    .select(['b.id', sql<string>`'favorite'`.as('source'), sql<number>`row_number() over (order by f.created_at desc, b.name)`.as('rank')])
    .where('f.user_id', '=', viewer.user.id)
    .where(mayReachSql('b'))
    .where('b.user_id', '<>', viewer.user.id)
    .where(notAcrossBlock(db, 'b.id', viewer.user.id))
    .$if(yes(input.exclude_active), (qb) =>
      qb.where(({ not, exists, selectFrom }) =>
        not(exists(
          selectFrom('conversations as c2')
            .select('c2.id')
            .where((eb) => eb.or([
              eb.and([eb('c2.pair_low', '=', blog.id), eb('c2.pair_high', '=', eb.ref('b.id'))]),
              eb.and([eb('c2.pair_high', '=', blog.id), eb('c2.pair_low', '=', eb.ref('b.id'))]),
            ])),
        )),
      ),
    )
    .orderBy('f.created_at', 'desc')
    .orderBy('b.name')
    .limit(limit);
  // Enough recent ones that SUGGESTED_RECIPIENTS remain once the favorites among them are left out.
  const recent = db
    .selectFrom('conversation_participants as cp')
    .innerJoin('conversations as c', 'c.id', 'cp.conversation_id')
    .innerJoin('blogs as b', (join) => join.on(sql<boolean>`b.id = ${other}`))
    .select(['b.id', sql<string>`'recent'`.as('source'), sql<number>`row_number() over (order by cp.last_modified_ts desc, cp.conversation_id desc)`.as('rank')])
    .where('cp.blog_id', '=', blog.id)
    .where((eb) => eb('cp.last_modified_ts', '>', eb.ref('cp.deleted_ts')))
    .where(mayReachSql('b'))
    .where('b.user_id', '<>', viewer.user.id)
    .where(notAcrossBlock(db, 'b.id', viewer.user.id))
    .orderBy('cp.last_modified_ts', 'desc')
    .orderBy('cp.conversation_id', 'desc')
    .limit(SUGGESTED_RECIPIENTS + limit);
  const listed = await db
    .selectFrom(favorites.as('fav'))
    .selectAll()
    .unionAll(db.selectFrom(recent.as('rec')).selectAll())
    .execute();
  const rank = (a: { rank: number | string }, b: { rank: number | string }) => Number(a.rank) - Number(b.rank);
  const favoriteIds = listed.filter((r) => r.source === 'favorite').sort(rank).map((r) => r.id);
  const suggestedIds = [...new Set(listed.filter((r) => r.source === 'recent' && !favoriteIds.includes(r.id)).sort(rank).map((r) => r.id))].slice(0, SUGGESTED_RECIPIENTS);
  const rows = await participantRows(db, [...favoriteIds, ...suggestedIds], viewer.user.id, blog.id);
  const view = (id: string) => participantView(rows.get(id)!, ctx.config.publicUrl);
  return { blogs: favoriteIds.map(view), suggested: suggestedIds.map(view) };
}
