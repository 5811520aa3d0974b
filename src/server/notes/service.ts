import type { ActionSource } from '../../shared/notes/action-source';
import { mentionedNames } from '../../shared/notes/mentions';
import { PHOTO_REPLY_MESSAGES } from '../../shared/notes/reply';
import { replyPhoto } from '../media/reply-photo';
import type { LikeResponse, PromoteResponse, ReplyResponse } from '../../shared/notes/types';
import { notify, type NewNotification } from '../activity/notify';
import { campaignOf, startCampaign } from '../ads/campaigns';
import { assertMayReachLocked, assertNotBlockedLocked } from '../blocks/queries';
import type { AppContext } from '../context';
import { postNotFound } from '../http/errors';
import type { Viewer } from '../http/session';
import { ownPost } from '../posts/service';
import { actingBlog, actingBlogId, mentionableBlogs } from '../rules/blogs';
import type { ReachedPost } from '../rules/posts';
import { assertMayReach, hiddenBlogIds, isPublicState } from '../visibility';
import { notAllowed, postGoneAsNotFound } from './posts';
import { noteCount } from '../hydration/counts';
import { idMicros } from './queries';
import { noteView } from './views';

/** POST /svc/like: one like per user and post, made as the viewer's current blog. */
export async function like(ctx: AppContext, viewer: Viewer, { post, mine }: ReachedPost, source?: ActionSource): Promise<LikeResponse> {
  const userId = viewer.user.id;
  if (mine) throw notAllowed('You cannot like your own post.');
  if (!post.can_be_liked) throw notAllowed('This post cannot be liked: its author turned likes off.');
  const blogId = actingBlogId(viewer.user);
  await ctx.db
    .transaction()
    .execute(async (trx) => {
      // In the transaction, under the blog's row lock: a block made meanwhile cannot slip past; and
      // a suspended acting blog reaches nobody (403).
      await assertMayReachLocked(trx, viewer.user, post.blog_id);
      // Liking twice is one like, and keeps the first (and its blog); only a new like notifies.
      const added = await trx
        .insertInto('likes')
        .values({ user_id: userId, post_id: post.id, blog_id: blogId, source: source ?? null })
        .onConflict((oc) => oc.columns(['user_id', 'post_id']).doNothing())
        .returning('post_id')
        .executeTakeFirst();
      if (added) await notify(trx, [{ blogId: post.blog_id, type: 'like', fromBlogId: blogId, postId: post.id }]);
    })
    .catch(postGoneAsNotFound);
  return { liked: true, note_count: await noteCount(ctx.db, post.id) };
}

/**
 * POST /svc/unlike: removing a like that is not there answers 200. A block does not stop it:
 * taking an interaction back never reaches the other blog.
 */
export async function unlike(ctx: AppContext, viewer: Viewer, { post }: ReachedPost): Promise<LikeResponse> {
  await ctx.db.deleteFrom('likes').where('user_id', '=', viewer.user.id).where('post_id', '=', post.id).execute();
  return { liked: false, note_count: await noteCount(ctx.db, post.id) };
}

export interface ReplyInput {
  /** Absent or empty only with a photo (checked with the body). */
  reply_text?: string;
  /** Issue 26.3: the address of an image the replier uploaded, and what it shows. */
  photo?: string;
  photo_alt?: string;
  /** The post's blog name, as the client was shown it (its reblog key was checked with the post). */
  tumblelog?: string;
  source?: ActionSource;
}

/**
 * POST /svc/reply: a reply to a published public post, as the viewer's current blog. Tells the
 * post's blog ('reply', or 'photo_reply' when it carries a photo) and each other blog mentioned
 * as @name ('note_mention'), except blogs in a block with the replier and the replier's own. A
 * photo only where the post allows photo replies (issue 26.3).
 */
export async function reply(ctx: AppContext, viewer: Viewer, { post, blog: postBlog }: ReachedPost, input: ReplyInput): Promise<ReplyResponse> {
  // The text's length and emptiness were checked with the body (notes/routes.ts).
  const text = (input.reply_text ?? '').trim();
  const userId = viewer.user.id;
  if (input.tumblelog !== undefined && input.tumblelog !== postBlog.name) throw postNotFound();
  if (!isPublicState(post)) throw notAllowed('Replies are open only on published posts that are not private.');
  const photoUrl = input.photo?.trim() ?? '';
  if (photoUrl && !post.allow_photo_replies) throw notAllowed(PHOTO_REPLY_MESSAGES.turnedOff);
  const blog = await actingBlog(ctx.db, viewer.user);
  assertMayReach(blog);
  const withPhoto = photoUrl ? await replyPhoto(ctx, userId, photoUrl, input.photo_alt ?? '') : null;
  const photo = withPhoto?.photo ?? null;
  const names = mentionedNames(text);

  const row = await ctx.db
    .transaction()
    .execute(async (trx) => {
      await assertNotBlockedLocked(trx, userId, post.blog_id);
      const added = await trx
        .insertInto('replies')
        .values({ post_id: post.id, blog_id: blog.id, text, source: input.source ?? null, photo: photo ? JSON.stringify(photo) : null, photo_sha256: withPhoto?.sha256 ?? null })
        .returning(['id', 'text', 'photo'])
        .executeTakeFirstOrThrow();
      const notifications: NewNotification[] = [
        { blogId: post.blog_id, type: photo ? 'photo_reply' : 'reply', fromBlogId: blog.id, postId: post.id, noteMeta: { reply_text: text } },
      ];
      if (names.length > 0) {
        // The post's blog is told by the reply itself; once is enough.
        const mentioned = await trx
          .selectFrom('blogs')
          .select('id')
          .where('name', 'in', names)
          // A suspended blog is told nothing (issue 24.8), as it is not linked.
          .where('is_suspended', '=', false)
          .where('user_id', '<>', userId)
          .where('id', '<>', post.blog_id)
          .where('id', 'not in', hiddenBlogIds(trx, userId))
          .execute();
        for (const m of mentioned) {
          notifications.push({ blogId: m.id, type: 'note_mention', fromBlogId: blog.id, postId: post.id, noteMeta: { reply_text: text } });
        }
      }
      await notify(trx, notifications);
      return added;
    })
    .catch(postGoneAsNotFound);

  const note = noteView(
    { kind: 'reply', us: idMicros(row.id), blog_id: blog.id, item_id: row.id, text: row.text, slug: null, photo: row.photo },
    new Map([[blog.id, blog]]),
    ctx.config.publicUrl,
    await mentionableBlogs(ctx.db, names),
  );
  if (note?.type !== 'reply') throw new Error('a reply note without its blog');
  return { note, note_count: await noteCount(ctx.db, post.id) };
}

export interface PromoteInput {
  post_id: string;
  reblog_key?: string;
  tumblelog_name?: string;
  /** Impressions the promotion may be shown (ads/campaigns.ts; ADS.defaultBudget when absent). */
  budget?: number;
}

/** The owner's post for promote and unpromote: others' published posts 403, hidden ones 404. */
async function promotable(ctx: AppContext, viewer: Viewer, input: PromoteInput) {
  const post = await ownPost(ctx.db, viewer, input.post_id);
  if (input.reblog_key !== undefined && input.reblog_key !== post.reblog_key) throw postNotFound();
  if (input.tumblelog_name !== undefined && input.tumblelog_name !== post.blog_name) throw postNotFound();
  return post;
}

/**
 * POST /svc/promote: the ad slots show the post to people who do not follow its blog until its
 * budget of impressions is spent. Promoting twice keeps the first time (and changes the budget when one is given).
 */
export async function promote(ctx: AppContext, viewer: Viewer, input: PromoteInput): Promise<PromoteResponse> {
  const post = await promotable(ctx, viewer, input);
  if (!isPublicState(post)) throw notAllowed('Only published posts that are not private can be promoted.');
  const campaign = await startCampaign(ctx.db, post.id, input.budget);
  return { is_promoted: true, ...campaign };
}

/** POST /svc/unpromote: ending a promotion that is not there answers 200. */
export async function unpromote(ctx: AppContext, viewer: Viewer, input: PromoteInput): Promise<PromoteResponse> {
  const post = await promotable(ctx, viewer, input);
  await ctx.db.updateTable('posts').set({ promoted_at: null }).where('id', '=', post.id).execute();
  // Serving stops at once (the ad slots read promoted_at); what was spent stays readable.
  return { is_promoted: false, ...(await campaignOf(ctx.db, post.id)) };
}
