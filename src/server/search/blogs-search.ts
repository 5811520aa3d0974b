import { sql } from 'kysely';
import { SITE_SEARCH } from '../../shared/search/site';
import type { Db } from '../db/schema';
import { cursorOf, pageOf } from '../http/paging';
import { discoverableBlog, notAcrossBlock } from '../visibility';

/** `%` and `_` are the LIKE pattern's own: a name with them is searched for as typed. */
const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Blogs by name or title (blogs_name_title_trgm_idx: trigrams make "contains" an index search):
 * an exact name first, then names that start with the text, then the rest by name. Never
 * suspended or spam blogs, nor blogs across a block. Offset paging (the cursor is the next page's
 * offset), bounded by SITE_SEARCH.maxBlogResults.
 */
export async function searchBlogIds(db: Db, text: string, viewerUserId: string | null, offset: number) {
  const pattern = likeText(text);
  const lower = text.toLowerCase();
  const size = SITE_SEARCH.pageSize;
  const rows = await db
    .selectFrom('blogs as b')
    .select('b.id')
    .where(sql<boolean>`(lower(b.name) like ${pattern} or lower(b.title) like ${pattern})`)
    .where(discoverableBlog('b'))
    .where(notAcrossBlock(db, 'b.id', viewerUserId))
    .orderBy(sql`lower(b.name) = ${lower}`, 'desc')
    .orderBy(sql`lower(b.name) like ${`${lower.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`, 'desc')
    .orderBy('b.name')
    .offset(offset)
    .limit(size + 1)
    .execute();
  const end = offset + size;
  const page = pageOf(rows, size, () => cursorOf(end));
  return { ids: page.items.map((r) => r.id), next: end < SITE_SEARCH.maxBlogResults ? page.next : null };
}
