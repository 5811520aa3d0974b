// Answer schemas of a blog's activity (spec 1 §3 "Activity notification").
import { z } from 'zod';
import {
  SHOWN_ACTIVITY_TYPES,
  type ActivityBlog,
  type ActivityNewPost,
  type ActivityNotification,
  type ActivityPage,
  type ActivityPost,
  type ActivitySeenResponse,
} from '../activity/types';
import { POST_TYPES } from '../constants';

const text = z.string();
const flag = z.boolean();

const activityBlogSchema: z.ZodType<ActivityBlog> = z.object({
  name: text,
  title: text,
  avatar_url: text,
  url: text,
  is_adult: flag,
  is_own: flag,
  following: flag,
});

const activityPostSchema: z.ZodType<ActivityPost> = z.object({
  url: text,
  tumblelog: text,
  id: text,
  type: z.enum([...POST_TYPES, 'note']),
  media_url: text.nullable(),
  video_thumbnail_url: text.nullable(),
  is_ask: flag,
  is_answer: flag,
  summary: text,
});

const activityNewPostSchema: z.ZodType<ActivityNewPost> = z.object({ url: text, tumblelog: text, id: text, diff: text });

export const activityNotificationSchema: z.ZodType<ActivityNotification> = z.object({
  id: text,
  type: z.enum(SHOWN_ACTIVITY_TYPES),
  timestamp: z.number(),
  message: text,
  unread: flag,
  from_tumblelog: activityBlogSchema.optional(),
  from_remote: z.object({ handle: z.string(), name: z.string(), icon_url: z.string().nullable(), url: z.string().nullable() }).optional(),
  post: activityPostSchema.optional(),
  new_post: activityNewPostSchema.optional(),
  note_meta: z.object({ answer_text: text.optional(), reply_text: text.optional() }).optional(),
});

export const activityPageSchema: z.ZodType<ActivityPage> = z.object({ notifications: z.array(activityNotificationSchema), next: text.nullable() });

export const activitySeenAnswerSchema: z.ZodType<ActivitySeenResponse> = z.object({ activity_seen_id: text, activity_unread: z.number() });
