// GET /svc/admin/appeals: the posts whose owner asked for a review, newest first. One query a
// page, walking posts_appeals_in_review_idx (the partial index of posts in review).
import { type AppealsPage } from '../../shared/appeals';
import { MAX_ID } from '../../shared/ids';
import { postText } from '../content/summary';
import type { AppContext } from '../context';
import { cursorOf, pageOf } from '../http/paging';
import { blogUrl, postUrl } from '../hydration/post-views';

export const APPEALS_PAGE = 20;
const SUMMARY_MAX = 100;

export async function appealsPage(ctx: AppContext, before: string | undefined): Promise<AppealsPage> {
  const rows = await ctx.db
    .selectFrom('posts as p')
    .innerJoin('blogs as b', 'b.id', 'p.blog_id')
    .select(['p.id', 'p.type', 'p.slug', 'p.content', 'p.appeal_requested_at', 'b.name'])
    .where('p.appeal_state', '=', 3)
    .where('p.id', '<', before ?? MAX_ID)
    .orderBy('p.id', 'desc')
    .limit(APPEALS_PAGE + 1)
    .execute();
  const publicUrl = ctx.config.publicUrl;
  const page = pageOf(rows, APPEALS_PAGE, (last) => cursorOf(last.id));
  const appeals = page.items.map((row) => ({
    post: { id: row.id, type: row.type, url: postUrl(publicUrl, row.name, row), summary: postText(row.content, { max: SUMMARY_MAX }) },
    blog: { name: row.name, url: blogUrl(publicUrl, row.name) },
    requested_at: (row.appeal_requested_at ?? new Date(0)).toISOString(),
  }));
  return { appeals, next: page.next };
}
