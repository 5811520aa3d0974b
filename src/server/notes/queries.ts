import { sql, type RawBuilder } from 'kysely';
import { NOTES_PAGE_SIZE } from '../../shared/notes/types';
import type { Db } from '../db/schema';
import type { ReplyPhoto } from '../db/tables/reply';
import { invalidField } from '../http/errors';
import { cursorOf, NOT_OUR_CURSOR, readCursor } from '../http/paging';
import { notAcrossBlock, publicPost } from '../visibility';

// ---------------------------------------------------------------------------------------------
// The notes list

export type NoteKind = 'like' | 'reblog' | 'reply';
/** Within the same microsecond, the order of kinds (newest first: replies, reblogs, likes). */
const KIND_RANK: Record<NoteKind, number> = { like: 1, reblog: 2, reply: 3 };
const KIND_OF_RANK: Record<string, NoteKind> = { '1': 'like', '2': 'reblog', '3': 'reply' };

/**
 * Where a page ends: the note's time in microseconds since the epoch, its kind and a number that
 * orders notes of one kind at one time (the liker's user id, the reblog's publish_id, the reply's
 * id). Opaque to clients; written "{us}_{rank}_{id}".
 */
export interface NotesCursor {
  us: string;
  rank: number;
  id: string;
}

/** A `before` the client sent back, as the cursor it was made from (http/paging.ts: "{us}_{rank}_{id}"). */
export function parseNotesCursor(before: string | undefined): NotesCursor | null {
  const parts = readCursor(before, 3);
  if (!parts) return null;
  const [us, rank, id] = parts as [string, string, string];
  if (!KIND_OF_RANK[rank]) throw invalidField('before', NOT_OUR_CURSOR);
  return { us, rank: Number(rank), id };
}

export const notesCursorText = (c: NotesCursor) => cursorOf(c.us, c.rank, c.id);

export interface NoteRow {
  kind: NoteKind;
  /** Microseconds since the epoch. */
  us: string;
  rank: number;
  /** The tie-breaker of the cursor (see NotesCursor). */
  sort_id: string;
  blog_id: string | null;
  /** The reblog's id, or the reply's id; null for a like. */
  item_id: string | null;
  /** A reblog's added comment (sanitized HTML), a reply's text; null for a like. */
  text: string | null;
  /** A reblog's slug, for its address. */
  slug: string | null;
  /** A reply's photo (issue 26.3); null otherwise. */
  photo: ReplyPhoto | null;
  /** A note from an account elsewhere (federation): blog_id is null, item_id is the remote note. */
  actor_id: string | null;
  /** Where a remote reply is on its server. */
  url: string | null;
}

/** A remote note's kind as the rank of a local note of that kind (remote_notes_post_idx walks them all). */
const REMOTE_RANK = sql.raw(`(case n.kind when 'like' then ${KIND_RANK.like} when 'reblog' then ${KIND_RANK.reblog} else ${KIND_RANK.reply} end)`);

/*
 * Ids from next_id() carry their milliseconds in the bits above the low 16, so a reblog's time is
 * read from its publish_id and a reply's from its id: each branch then walks its own index in the
 * order of the cursor (likes_post_recent_idx, posts_reblogs_published_idx, replies_post_idx) and
 * stops after a page. The outer query merges the three, newest first.
 */
const ID_US = (column: string): RawBuilder<unknown> => sql.raw(`((${column} >> 16) * 1000)`);
/** The same, in TypeScript: a reply's time from its id, as the notes list reads it. */
export const idMicros = (id: string) => String((BigInt(id) >> 16n) * 1000n);

/**
 * One page of a post's notes, newest first, in one query: likes, published public reblogs and
 * replies merged by time, with those from elsewhere (federation, remote_notes). Notes from blogs in a block with the viewer are left out.
 * Returns up to NOTES_PAGE_SIZE + 1 rows (the extra one says a next page exists).
 */
export async function notesPage(db: Db, postId: string, cursor: NotesCursor | null, viewerUserId: string | null): Promise<NoteRow[]> {
  const limit = NOTES_PAGE_SIZE + 1;
  /** The keyset condition of one branch: its (time, kind, tie-breaker) comes before the cursor. */
  const beforeCursor = (us: RawBuilder<unknown>, kind: NoteKind, id: RawBuilder<unknown>) =>
    cursor
      ? sql`and (${us}, ${sql.lit(KIND_RANK[kind])}, ${id}) < (${cursor.us}::bigint, ${cursor.rank}::int, ${cursor.id}::bigint)`
      : sql``;
  const notHidden = (column: string) => sql`and ${notAcrossBlock(db, column, viewerUserId)}`;
  const likeUs = sql`(extract(epoch from l.created_at) * 1000000)::bigint`;
  // Plain bounds on the indexed columns, so each index walk starts at the cursor, not at the top.
  const likeStart = cursor ? sql`and l.created_at <= timestamptz 'epoch' + ${cursor.us}::bigint * interval '1 microsecond'` : sql``;
  const idStart = (column: string) => (cursor ? sql`and ${sql.raw(column)} < ((${cursor.us}::bigint / 1000 + 1) << 16)` : sql``);

  const { rows } = await sql<Omit<NoteRow, 'kind'>>`
    select * from (
      (select ${likeUs} as us, ${sql.lit(KIND_RANK.like)} as rank, l.user_id as sort_id, l.blog_id,
              null::bigint as item_id, null::text as text, null::text as slug, null::jsonb as photo, null::bigint as actor_id, null::text as url
       from likes l
       where l.post_id = ${postId} ${likeStart} ${beforeCursor(likeUs, 'like', sql`l.user_id`)} ${notHidden('l.blog_id')}
       order by l.created_at desc, l.user_id desc
       limit ${limit})
      union all
      (select ${ID_US('r.publish_id')}, ${sql.lit(KIND_RANK.reblog)}, r.publish_id, r.blog_id, r.id, r.comment_html, r.slug, null, null, null
       from posts r
       where r.reblog_of_id = ${postId} and ${publicPost('r')}
         ${idStart('r.publish_id')} ${beforeCursor(ID_US('r.publish_id'), 'reblog', sql`r.publish_id`)} ${notHidden('r.blog_id')}
       order by r.publish_id desc
       limit ${limit})
      union all
      (select ${ID_US('x.id')}, ${sql.lit(KIND_RANK.reply)}, x.id, x.blog_id, x.id, x.text, null, x.photo, null, null
       from replies x
       where x.post_id = ${postId} ${idStart('x.id')} ${beforeCursor(ID_US('x.id'), 'reply', sql`x.id`)} ${notHidden('x.blog_id')}
       order by x.id desc
       limit ${limit})
      union all
      (select ${ID_US('n.id')}, ${REMOTE_RANK}, n.id, null, n.id, n.text, null, null, n.actor_id, n.url
       from remote_notes n
       where n.post_id = ${postId} ${idStart('n.id')} ${cursor ? sql`and (${ID_US('n.id')}, ${REMOTE_RANK}, n.id) < (${cursor.us}::bigint, ${cursor.rank}::int, ${cursor.id}::bigint)` : sql``}
       order by n.id desc
       limit ${limit})
    ) notes
    order by us desc, rank desc, sort_id desc
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, us: String(r.us), rank: Number(r.rank), kind: KIND_OF_RANK[String(r.rank)]! }));
}
