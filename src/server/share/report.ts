// Reports of posts (POST /svc/post/report), kept in `reports` for the moderators.
import type { ReportInput } from '../../shared/share/schemas';
import type { ReportResponse, ReportView } from '../../shared/share/types';
import type { AppContext } from '../context';
import type { ReportRow } from '../db/tables/report';
import { AppError, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { assertUserMayReach, type SeenPost } from '../visibility';

const reportView = (row: ReportRow): ReportView => ({
  id: row.id,
  post_id: row.post_id,
  reason: row.reason,
  message: row.message,
  created_at: row.created_at.toISOString(),
});

/**
 * Stores the report of a post the viewer may see, once: while a reporter's report of a post is open, reporting it again
 * answers that first report (reports_open_once_idx makes this hold under concurrent calls too).
 */
export async function reportPost(ctx: AppContext, viewer: Viewer, seen: SeenPost, input: Pick<ReportInput, 'reason' | 'message'>): Promise<ReportResponse> {
  if (seen.mine) throw new AppError(403, ErrorCode.notAllowed, 'This is your own post: delete or edit it instead of reporting it.');
  // A suspended blog reaches nobody, a moderator's queue included (visibility.ts).
  await assertUserMayReach(ctx.db, viewer.user);
  // Two tries: a moderator may resolve the open report between our insert and our read.
  for (let attempt = 0; attempt < 2; attempt++) {
    const inserted = await ctx.db
      .insertInto('reports')
      .values({ post_id: seen.post.id, reporter_user_id: viewer.user.id, reason: input.reason, message: input.message })
      .onConflict((oc) => oc.columns(['reporter_user_id', 'post_id']).where('resolved_at', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { report: reportView(inserted), already_reported: false };
    const open = await ctx.db
      .selectFrom('reports')
      .selectAll()
      .where('reporter_user_id', '=', viewer.user.id)
      .where('post_id', '=', seen.post.id)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    if (open) return { report: reportView(open), already_reported: true };
  }
  throw new AppError(409, ErrorCode.invalidInput, 'Your report could not be stored just now. Try again.');
}
