import type { SettingsInput } from '../../shared/account';
import { LIMITS } from '../../shared/constants';
import { POLLING_FREQUENCY_CONVERSATION_SECONDS, POLLING_FREQUENCY_INBOX_SECONDS } from '../../shared/messaging/api';
import { unreadMessagesByBlog } from '../messaging/queries';
import type { UserInfoResponse } from '../../shared/types';
import { unreadByBlog } from '../activity/queries';
import { blogsOfUser } from '../hydration/blogs';
import { channelView } from '../hydration/blog-views';
import type { AppContext } from '../context';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import { featureFlags } from '../flags/service';
import type { Viewer } from '../http/session';

/** Blogs the user follows and posts they like, counted in one statement (follows_pkey, likes_user_recent_idx). */
const userCounts = compileOnce((db: Db, userId: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('follows').select(eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).as('follows'),
    eb.selectFrom('likes').select(eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).as('likes'),
  ]),
);

/** User info (spec 1 §3) with the session's form key: four queries, in parallel, besides the session's own. */
export async function loadUserInfo(ctx: AppContext, viewer: Viewer): Promise<UserInfoResponse> {
  const { user } = viewer;
  const [blogs, [counts], unread, features, unreadMessages] = await Promise.all([
    blogsOfUser(ctx.db, user.id),
    userCounts(ctx.db, user.id),
    // Every blog's unread activity in one grouped query (the header badge).
    unreadByBlog(ctx.db, user.id),
    featureFlags(ctx.db, user.id),
    // Unread messages per blog (the inbox badge), one query.
    unreadMessagesByBlog(ctx.db, user.id),
  ]);
  const channels = blogs.map((blog) => {
    const messages = unreadMessages.get(blog.id) ?? 0;
    return { ...channelView(blog, ctx.config.publicUrl, user), activity_unread: unread.get(blog.id) ?? 0, unread_count: messages, unread_messages_count_sum: messages };
  });
  const primary = channels.find((c) => c.is_primary) ?? channels[0];
  const verified = user.email_verified_at !== null;
  return {
    user: {
      name: primary?.name ?? '',
      email: user.email,
      liked_post_count: Number(counts?.likes ?? 0),
      friend_count: Number(counts?.follows ?? 0),
      channels,
      primary: primary?.name ?? '',
      can_message: verified,
      is_sounds_enabled: user.sounds_enabled,
      is_desktop_notifications_enabled: user.desktop_notifications_enabled,
      is_multi_window_enabled: user.multi_window_enabled,
      palette: user.palette,
      is_alt_text_reminder_enabled: user.alt_text_reminder_enabled,
      is_verified_email: verified,
      safe_mode: user.safe_mode,
      unread_count: channels.reduce((sum, c) => sum + c.unread_count, 0),
      limits: LIMITS,
      language: user.language,
      defaultEditorType: user.default_editor_type,
      features,
      is_admin: user.is_admin,
      polling_token: user.polling_token,
      polling_frequency_inbox: POLLING_FREQUENCY_INBOX_SECONDS,
      polling_frequency_conversation: POLLING_FREQUENCY_CONVERSATION_SECONDS,
      messaging_max_image_bytes: ctx.config.media.maxMessageImageBytes,
      messaging_inbox_favorites_append_limit: ctx.config.limits.inboxFavoritesAppendLimit,
    },
    form_key: viewer.formKey,
  };
}

export async function updateSettings(ctx: AppContext, viewer: Viewer, input: SettingsInput): Promise<Viewer> {
  const user = await ctx.db
    .updateTable('users')
    .set({
      ...(input.safe_mode !== undefined ? { safe_mode: input.safe_mode } : {}),
      ...(input.is_sounds_enabled !== undefined ? { sounds_enabled: input.is_sounds_enabled } : {}),
      ...(input.is_desktop_notifications_enabled !== undefined ? { desktop_notifications_enabled: input.is_desktop_notifications_enabled } : {}),
      ...(input.is_multi_window_enabled !== undefined ? { multi_window_enabled: input.is_multi_window_enabled } : {}),
      ...(input.is_alt_text_reminder_enabled !== undefined ? { alt_text_reminder_enabled: input.is_alt_text_reminder_enabled } : {}),
      ...(input.default_editor_type !== undefined ? { default_editor_type: input.default_editor_type } : {}),
      ...(input.palette !== undefined ? { palette: input.palette } : {}),
    })
    .where('id', '=', viewer.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...viewer, user };
}
