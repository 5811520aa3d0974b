import { sql } from 'kysely';
import { MAX_TAG_FOLLOWS, type TagFollowResponse, type TaggedPage } from '../../shared/tags';
import type { AppContext } from '../context';
import { AppError, ErrorCode } from '../http/errors';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { followsTag, taggedPage } from './queries';

export async function taggedPosts(ctx: AppContext, viewerUserId: string | null, tag: string, before: string): Promise<TaggedPage> {
  const [page, following] = await Promise.all([
    taggedPage(ctx.db, tag, before, viewerUserId),
    viewerUserId === null ? false : followsTag(ctx.db, viewerUserId, tag),
  ]);
  const hydrated = await hydratePosts(ctx.db, page.ids, viewerUserId);
  return { tag, following, posts: postViews(page.ids, hydrated, viewerUserId, ctx.config.publicUrl), next: page.next };
}

/**
 * Follows a tag; following it again changes nothing. The user's row is locked while the follows
 * are counted, so a burst of follows cannot pass the limit together.
 */
export async function followTag(ctx: AppContext, userId: string, tag: string): Promise<TagFollowResponse> {
  await ctx.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (await followsTag(trx, userId, tag)) return;
    const { count } = await trx
      .selectFrom('tag_follows')
      .select(sql<string>`count(*)`.as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_TAG_FOLLOWS) {
      throw new AppError(409, ErrorCode.notAllowed, `You can follow up to ${MAX_TAG_FOLLOWS} tags. Unfollow one to follow this one.`);
    }
    await trx.insertInto('tag_follows').values({ user_id: userId, tag }).onConflict((oc) => oc.doNothing()).execute();
  });
  return { tag, following: true };
}

export async function unfollowTag(ctx: AppContext, userId: string, tag: string): Promise<TagFollowResponse> {
  await ctx.db.deleteFrom('tag_follows').where('user_id', '=', userId).where('tag', '=', tag).execute();
  return { tag, following: false };
}
