import { MAX_ID } from '../../shared/ids';
import type { ReportsPage, ReportView } from '../../shared/moderation';
import { postText } from '../content/summary';
import type { AppContext } from '../context';
import { AppError, ErrorCode } from '../http/errors';
import { cursorOf, pageOf } from '../http/paging';
import { blogUrl, postUrl } from '../hydration/post-views';
import { moderationView } from './switches';

export const REPORTS_PAGE = 20;
/** A reported post in one line of the reports list. */
const SUMMARY_MAX = 100;

/**
 * GET /svc/admin/reports: open reports, newest first, with the post, its blog and the reporter.
 * One query a page, walking reports_open_idx (the partial index of unresolved reports).
 */
export async function openReportsPage(ctx: AppContext, before: string | undefined): Promise<ReportsPage> {
  const rows = await ctx.db
    .selectFrom('reports as r')
    .innerJoin('posts as p', 'p.id', 'r.post_id')
    .innerJoin('blogs as b', 'b.id', 'p.blog_id')
    .leftJoin('users as u', 'u.id', 'r.reporter_user_id')
    .leftJoin('blogs as rb', 'rb.id', 'u.primary_blog_id')
    .select([
      'r.id', 'r.reason', 'r.message', 'r.created_at', 'r.reporter_user_id',
      'p.id as post_id', 'p.type', 'p.slug', 'p.content', 'p.state', 'p.is_private',
      'b.name', 'b.is_spam', 'b.is_nsfw', 'b.is_adult', 'b.is_uniblock', 'b.is_suspended',
      'rb.name as reporter_blog',
    ])
    .where('r.resolved_at', 'is', null)
    .where('r.id', '<', before ?? MAX_ID)
    .orderBy('r.id', 'desc')
    .limit(REPORTS_PAGE + 1)
    .execute();
  const publicUrl = ctx.config.publicUrl;
  const page = pageOf(rows, REPORTS_PAGE, (last) => cursorOf(last.id));
  const reports: ReportView[] = page.items.map((row) => ({
    id: row.id,
    reason: row.reason,
    message: row.message,
    created_at: row.created_at.toISOString(),
    reporter: row.reporter_user_id === null ? null : { blog_name: row.reporter_blog },
    post: {
      id: row.post_id,
      type: row.type,
      url: postUrl(publicUrl, row.name, { id: row.post_id, slug: row.slug }),
      summary: postText(row.content, { max: SUMMARY_MAX }),
      state: row.state,
      is_private: row.is_private,
    },
    blog: { ...moderationView(row), url: blogUrl(publicUrl, row.name) },
  }));
  return { reports, next: page.next };
}

/**
 * Closes a report of either table (post reports, message reports); closing a closed one answers
 * the same, and an id that names no report is a 404.
 */
export async function resolveIn(ctx: AppContext, table: 'reports' | 'message_reports', id: string): Promise<{ id: string; resolved: true }> {
  const updated = await ctx.db
    .updateTable(table)
    .set({ resolved_at: new Date() })
    .where('id', '=', id)
    .where('resolved_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!updated) {
    const exists = await ctx.db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw new AppError(404, ErrorCode.notFound, 'There is no such report.', [{ code: ErrorCode.notFound, title: 'There is no such report.', field: 'id' }]);
  }
  return { id, resolved: true };
}

/** POST /svc/admin/reports/resolve. */
export const resolveReport = (ctx: AppContext, id: string) => resolveIn(ctx, 'reports', id);
