import type { TumblelogIncludes } from '../../shared/activity/schemas';
import {
  ACTIVITY_PAGE_SIZE,
  type ActivityNotification,
  type ActivityPage,
  type ActivitySeenResponse,
  type TumblelogOwnerData,
} from '../../shared/activity/types';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import type { UserRow } from '../db/tables/user';
import { AppError, ErrorCode } from '../http/errors';
import { namedBlog } from '../rules/blogs';
import { hydrate } from '../hydration/hydrator';
import { pageOf } from '../http/paging';
import { markSeen, notificationRows, sparkline, unreadOfBlog } from './queries';
import { notificationView } from './views';

/** The blog whose activity is asked for: unknown is 404, somebody else's 403. */
export async function activityBlog(ctx: AppContext, userId: string, name: string): Promise<BlogRow> {
  const blog = await namedBlog(ctx.db, name);
  if (blog.user_id !== userId) {
    throw new AppError(403, ErrorCode.forbidden, `Only the owner of ${blog.name} can see its activity.`);
  }
  return blog;
}

/** A page of the blog's notifications, newest first: the page query, then one query per kind (hydration/). */
export async function activityPage(ctx: AppContext, userId: string, blog: BlogRow, before: string | null): Promise<ActivityPage> {
  const rows = await notificationRows(ctx.db, blog.id, userId, before, ACTIVITY_PAGE_SIZE);
  // The cursor is the last notification's id (docs/api.md).
  const { items: pageRows, next } = pageOf(rows, ACTIVITY_PAGE_SIZE, (last) => last.id);
  // The posts they are about and made, then the blogs they came from and the posts' blogs, with the viewer's follows.
  const hydrated = await hydrate(ctx.db, {
    viewerUserId: userId,
    postIds: pageRows.flatMap((r) => [r.post_id, r.new_post_id].filter((id): id is string => id !== null)),
    blogIds: pageRows.flatMap((r) => (r.from_blog_id ? [r.from_blog_id] : [])),
    following: true,
  });
  const viewer = { userId, seenId: blog.activity_seen_id };
  const notifications: ActivityNotification[] = [];
  for (const row of pageRows) {
    const view = notificationView(row, hydrated, viewer, ctx.config.publicUrl);
    if (view) notifications.push(view);
  }
  return { notifications, next };
}

/** Marks the blog's activity seen up to a notification (never backwards). */
export async function markActivitySeen(ctx: AppContext, userId: string, blog: BlogRow, id: string): Promise<ActivitySeenResponse> {
  const seenId = await markSeen(ctx.db, blog.id, id);
  return { activity_seen_id: seenId, activity_unread: await unreadOfBlog(ctx.db, userId, blog.id) };
}

/**
 * What GET /svc/data/tumblelog adds for the include_ flags: only for the blog's owner. For anyone
 * else, and for nobody logged in, nothing at all, so the flags tell nothing about a blog's activity.
 */
export async function tumblelogOwnerData(
  ctx: AppContext,
  user: UserRow | null,
  blog: BlogRow,
  includes: TumblelogIncludes,
): Promise<TumblelogOwnerData> {
  if (!user || blog.user_id !== user.id) return {};
  const [unread, days, page] = await Promise.all([
    includes.include_member_data ? unreadOfBlog(ctx.db, user.id, blog.id) : null,
    includes.include_activity_data ? sparkline(ctx.db, blog.id, new Date()) : null,
    includes.include_activity_notifications ? activityPage(ctx, user.id, blog, null) : null,
  ]);
  return {
    ...(unread !== null
      ? {
          member_data: {
            is_owner: true as const,
            is_primary: blog.id === user.primary_blog_id,
            is_current: blog.id === user.current_blog_id,
            can_send_messages: user.email_verified_at !== null,
            // Messaging arrives in a later area; until then no blog has unread messages.
            unread_count: 0,
            activity_unread: unread,
            activity_seen_id: blog.activity_seen_id,
          },
        }
      : {}),
    ...(days ? { activity_data: { sparkline: days } } : {}),
    ...(page ? { activity_notifications: page.notifications } : {}),
  };
}
