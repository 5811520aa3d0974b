// Reports of messages and of conversations marked spam (spec 2 §6), listed for admins beside the
// post reports (reports.ts): what was said, who reported it, and the reported blog's switches.
import { MAX_ID } from '../../shared/ids';
import type { MessageReportsPage } from '../../shared/answers/moderation';
import type { AppContext } from '../context';
import { cursorOf, pageOf } from '../http/paging';
import { blogUrl } from '../hydration/post-views';
import { moderationView } from './switches';
import { REPORTS_PAGE, resolveIn } from './reports';

/**
 * GET /svc/admin/message_reports: open ones newest first, one query a page, walking
 * message_reports_open_idx (the partial index of unresolved message reports).
 */
export async function openMessageReportsPage(ctx: AppContext, before: string | undefined): Promise<MessageReportsPage> {
  const rows = await ctx.db
    .selectFrom('message_reports as r')
    .innerJoin('blogs as b', 'b.id', 'r.reported_blog_id')
    .innerJoin('blogs as rb', 'rb.id', 'r.reporter_blog_id')
    .select([
      'r.id', 'r.kind', 'r.excerpt', 'r.created_at', 'r.conversation_id', 'r.message_id',
      'b.name', 'b.is_spam', 'b.is_nsfw', 'b.is_adult', 'b.is_uniblock', 'b.is_suspended',
      'rb.name as reporter_blog',
    ])
    .where('r.resolved_at', 'is', null)
    .where('r.id', '<', before ?? MAX_ID)
    .orderBy('r.id', 'desc')
    .limit(REPORTS_PAGE + 1)
    .execute();
  const page = pageOf(rows, REPORTS_PAGE, (last) => cursorOf(last.id));
  const reports = page.items.map((row) => ({
    id: row.id,
    kind: row.kind,
    excerpt: row.excerpt,
    created_at: row.created_at.toISOString(),
    conversation_id: row.conversation_id,
    message_id: row.message_id,
    reporter: { blog_name: row.reporter_blog },
    reported: { ...moderationView(row), name: row.name, url: blogUrl(ctx.config.publicUrl, row.name) },
  }));
  return { reports, next: page.next };
}

/** POST /svc/admin/message_reports/resolve: closing a closed one answers the same. */
export const resolveMessageReport = (ctx: AppContext, id: string) => resolveIn(ctx, 'message_reports', id);
