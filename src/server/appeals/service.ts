// Sensitive content and appeals (issue 15, spec 2 §4): the owner asks for a review of an admin's
// mark or dismisses the offer; an admin marks a post sensitive or lifts the mark, and decides an
// appeal. Every move is one conditional UPDATE, so two requests at once cannot both move a level.
import { APPEAL_LEVEL, type AppealAnswer, type AppealLevel } from '../../shared/appeals';
import type { AppContext } from '../context';
import type { PostRow } from '../db/tables/post';
import { AppError, conflict, ErrorCode, postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { isPublicState } from '../visibility';
import { sendDecisionEmail } from './mail';

const answer = (row: Pick<PostRow, 'id' | 'is_sensitive' | 'appeal_state'>): AppealAnswer => ({
  post_id: row.id,
  is_sensitive: row.is_sensitive,
  appeal_state: row.appeal_state as AppealLevel,
});

const loadPost = (ctx: AppContext, postId: string) =>
  ctx.db
    .selectFrom('posts as p')
    .innerJoin('blogs as b', 'b.id', 'p.blog_id')
    .select(['p.id', 'p.state', 'p.is_private', 'p.is_sensitive', 'p.appeal_state', 'b.name as blog_name', 'b.user_id', 'b.is_suspended'])
    .where('b.deleted_at', 'is', null)
    .where('p.id', '=', postId)
    .executeTakeFirst();

/** What the owner may ask for: a review (in_review) or to dismiss the offer (available). */
export type AppealRequest = typeof APPEAL_LEVEL.in_review | typeof APPEAL_LEVEL.available;

const AVAILABLE: number[] = [APPEAL_LEVEL.available_prioritize, APPEAL_LEVEL.available];

/** POST /svc/appeal: only the owner; the post must be on the blog named. */
export async function requestAppeal(ctx: AppContext, viewer: Viewer, postId: string, blogName: string, state: AppealRequest): Promise<AppealAnswer> {
  const post = await loadPost(ctx, postId);
  const mine = post?.user_id === viewer.user.id;
  // Someone else's post they cannot see, or a post not on that blog: not found, as a hidden post is.
  if (!post || post.blog_name !== blogName.toLowerCase() || (!mine && (!isPublicState(post) || post.is_suspended))) throw postNotFound();
  if (!mine) throw new AppError(403, ErrorCode.forbidden, 'Only the owner of a post can appeal its sensitive mark.');

  const from = state === APPEAL_LEVEL.in_review ? AVAILABLE : [APPEAL_LEVEL.available_prioritize];
  const moved = await ctx.db
    .updateTable('posts')
    .set(state === APPEAL_LEVEL.in_review ? { appeal_state: state, appeal_requested_at: new Date() } : { appeal_state: state })
    .where('id', '=', postId)
    .where('appeal_state', 'in', from)
    .returning(['id', 'is_sensitive', 'appeal_state'])
    .executeTakeFirst();
  if (moved) return answer(moved);
  // Nothing moved: the same request again is a 200 that changes nothing; anything else says why.
  const now = (await loadPost(ctx, postId)) ?? post;
  if (now.appeal_state === state) return answer(now);
  const why: Record<number, string> = {
    [APPEAL_LEVEL.none]: 'This post is not marked as sensitive, so there is nothing to appeal.',
    [APPEAL_LEVEL.in_review]: 'This post is being reviewed already.',
    [APPEAL_LEVEL.complete]: 'This post has been reviewed already; the decision stands.',
  };
  throw conflict(ErrorCode.notAllowed, 'state', why[now.appeal_state] ?? 'This appeal cannot move to that state.');
}

/** POST /svc/moderation/post/sensitive: an admin marks (appeal available) or lifts the mark (no appeal). */
export async function markSensitive(ctx: AppContext, postId: string, sensitive: boolean): Promise<AppealAnswer> {
  const query = ctx.db.updateTable('posts').where('id', '=', postId).returning(['id', 'is_sensitive', 'appeal_state']);
  const marked = sensitive
    ? // Marking a marked post again leaves its appeal where it is.
      await query
        .set((eb) => ({
          is_sensitive: true,
          appeal_state: eb.case().when('is_sensitive', '=', true).then(eb.ref('appeal_state')).else(APPEAL_LEVEL.available).end(),
        }))
        .executeTakeFirst()
    : await query.set({ is_sensitive: false, appeal_state: APPEAL_LEVEL.none, appeal_requested_at: null }).executeTakeFirst();
  if (!marked) throw postNotFound();
  return answer(marked);
}

/** POST /svc/moderation/appeal/decide: only an appeal in review; complete either way, and the owner is told. */
export async function decideAppeal(ctx: AppContext, postId: string, sensitive: boolean): Promise<AppealAnswer & { emailed: boolean }> {
  const decided = await ctx.db
    .updateTable('posts')
    .set({ is_sensitive: sensitive, appeal_state: APPEAL_LEVEL.complete })
    .where('id', '=', postId)
    .where('appeal_state', '=', APPEAL_LEVEL.in_review)
    .returning(['id', 'is_sensitive', 'appeal_state', 'slug', 'blog_id'])
    .executeTakeFirst();
  if (!decided) {
    const post = await loadPost(ctx, postId);
    if (!post) throw postNotFound();
    throw conflict(ErrorCode.notAllowed, 'post_id', 'There is no appeal waiting on this post.');
  }
  // The decision stands even if the mail cannot go: the answer says whether it went.
  const emailed = await sendDecisionEmail(ctx, decided).then(
    () => true,
    () => false,
  );
  return { ...answer(decided), emailed };
}
