// Answer schemas of the blogs area: making and choosing a blog, a blog's data page call, its queue
// settings, its settings save and its card. The Blog itself is answers/blog.ts's.
import { z } from 'zod';
import type { TumblelogOwnerData } from '../activity/types';
import type { Blog, Channel } from '../types';
import { activityNotificationSchema } from './activity';
import { blogFields, relationFields } from './blog';
import { channelSchema } from './user';

const text = z.string();
const flag = z.boolean();
const count = z.number();

/** POST /svc/blog/create and /svc/blog/select: the blog, now the current one. */
export const channelAnswerSchema: z.ZodType<{ blog: Channel }> = z.object({ blog: channelSchema });

/** A blog to its owner: the Blog with the owner's own messaging setting. */
export const ownBlogSchema: z.ZodType<Blog> = z.object({ ...blogFields, messages_from_followed_only: flag });

const ownerDataFields = {
  member_data: z
    .object({
      is_owner: z.literal(true),
      is_primary: flag,
      is_current: flag,
      can_send_messages: flag,
      unread_count: count,
      activity_unread: count,
      activity_seen_id: text,
    })
    .optional(),
  activity_data: z.object({ sparkline: z.array(count) }).optional(),
  activity_notifications: z.array(activityNotificationSchema).optional(),
};

/**
 * GET /svc/data/tumblelog: the Blog with the viewer's relation (all false logged out), the owner's
 * messaging setting to the owner, and the owner's data the include_ flags ask for.
 */
export const tumblelogDataSchema: z.ZodType<Blog & TumblelogOwnerData> = z.object({
  ...blogFields,
  ...relationFields,
  messages_from_followed_only: flag.optional(),
  ...ownerDataFields,
});

export const queueSettingsAnswerSchema = z.object({
  posts_per_day: count,
  start_hour: count,
  end_hour: count,
  /** When the next queued post goes out (ISO 8601), or null with nothing queued. */
  next_publish_at: text.nullable(),
});
