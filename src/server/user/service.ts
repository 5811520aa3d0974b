import type { SettingsInput } from '../../shared/account';
import { LIMITS } from '../../shared/constants';
import type { UserInfoResponse } from '../../shared/types';
import { blogsOfUser } from '../blogs/queries';
import { channelView } from '../blogs/views';
import type { AppContext } from '../context';
import { compileOnce } from '../db/compiled';
import type { Db } from '../db/schema';
import type { Viewer } from '../http/session';

const followCount = compileOnce((db: Db, userId: string) =>
  db.selectFrom('follows').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId),
);

/** User info (spec 1 §3) with the session's form key: two queries besides the session's own. */
export async function loadUserInfo(ctx: AppContext, viewer: Viewer): Promise<UserInfoResponse> {
  const { user } = viewer;
  const [blogs, [follows]] = await Promise.all([blogsOfUser(ctx.db, user.id), followCount(ctx.db, user.id)]);
  const channels = blogs.map((blog) => channelView(blog, ctx.config.publicUrl, user));
  const primary = channels.find((c) => c.is_primary) ?? channels[0];
  const verified = user.email_verified_at !== null;
  return {
    user: {
      name: primary?.name ?? '',
      email: user.email,
      // Likes arrive with the social area; nobody can have liked a post before then.
      liked_post_count: 0,
      friend_count: Number(follows?.n ?? 0),
      channels,
      primary: primary?.name ?? '',
      can_message: verified,
      is_sounds_enabled: user.sounds_enabled,
      is_verified_email: verified,
      safe_mode: user.safe_mode,
      unread_count: channels.reduce((sum, c) => sum + c.unread_count, 0),
      limits: LIMITS,
      language: user.language,
      defaultEditorType: user.default_editor_type,
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
      ...(input.default_editor_type !== undefined ? { default_editor_type: input.default_editor_type } : {}),
    })
    .where('id', '=', viewer.user.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...viewer, user };
}
