import type { BlogModeration, ModerationSwitch } from '../../shared/moderation';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { blogNotFound } from '../http/errors';

/** The column behind each switch. */
export const SWITCH_COLUMNS = {
  spam: 'is_spam',
  nsfw: 'is_nsfw',
  adult: 'is_adult',
  uniblock: 'is_uniblock',
  suspended: 'is_suspended',
} as const satisfies Record<ModerationSwitch, keyof BlogRow>;

export const moderationView = (blog: Pick<BlogRow, 'name' | 'is_spam' | 'is_nsfw' | 'is_adult' | 'is_uniblock' | 'is_suspended'>): BlogModeration => ({
  tumblelog: blog.name,
  is_spam: blog.is_spam,
  is_nsfw: blog.is_nsfw,
  is_adult: blog.is_adult,
  is_uniblock: blog.is_uniblock,
  is_suspended: blog.is_suspended,
});

/**
 * POST /{switch}/toggle: flips the switch in one statement (two admins flipping at once each flip
 * it once). With `value` it sets the switch instead, so a repeated call changes nothing more.
 */
export async function toggleSwitch(ctx: AppContext, name: ModerationSwitch, tumblelog: string, value: boolean | undefined): Promise<BlogModeration> {
  const column = SWITCH_COLUMNS[name];
  const row = await ctx.db
    .updateTable('blogs')
    .set((eb) => ({ [column]: value ?? eb.not(eb.ref(column)) }))
    .where('name', '=', tumblelog)
    .returning(['name', 'is_spam', 'is_nsfw', 'is_adult', 'is_uniblock', 'is_suspended'])
    .executeTakeFirst();
  if (!row) throw blogNotFound(tumblelog);
  return moderationView(row);
}
