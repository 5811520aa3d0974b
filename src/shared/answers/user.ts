// Answer schemas of the user info (spec 1 §3 User, Channel): what login, registration and every
// page's first call answer with. Checked against the TypeScript types the client reads.
import { z } from 'zod';
import { EDITOR_TYPES, LIMITS, PALETTES } from '../constants';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from '../flags';
import type { Channel, UserInfo, UserInfoResponse } from '../types';
import { blogFields } from './blog';

const text = z.string();
const flag = z.boolean();
const count = z.number();

/** A blog of the logged-in user, with its unread counts (messaging's fields always sent). */
export const channelSchema: z.ZodType<Channel> = z.object({
  ...blogFields,
  unread_count: count,
  can_send_messages: flag,
  is_primary: flag,
  activity_unread: count.optional(),
  mention_key: text,
  is_messaging_bot: flag,
  unread_messages_count_sum: count,
});

/** Every feature flag by name: its default, or this user's override. */
export const featureFlagsSchema: z.ZodType<FeatureFlags> = z.record(z.enum(FEATURE_FLAGS as readonly [FeatureFlag, ...FeatureFlag[]]), flag);

/** The site's limits, the same for everyone (shared/constants.ts LIMITS). */
export const limitsSchema: z.ZodType<typeof LIMITS> = z.object({
  max_blogs: z.literal(LIMITS.max_blogs),
  photo_max_count: z.literal(LIMITS.photo_max_count),
  photo_caption_max: z.literal(LIMITS.photo_caption_max),
  image_downscale_limit: z.literal(LIMITS.image_downscale_limit),
  tweet_limit: z.literal(LIMITS.tweet_limit),
  tweet_short_url_length: z.literal(LIMITS.tweet_short_url_length),
  password_min_length: z.literal(LIMITS.password_min_length),
  blog_name_max_length: z.literal(LIMITS.blog_name_max_length),
});

export const userInfoFields = {
  name: text,
  email: text,
  liked_post_count: count,
  friend_count: count,
  channels: z.array(channelSchema),
  primary: text,
  can_message: flag,
  is_sounds_enabled: flag,
  is_desktop_notifications_enabled: flag,
  is_multi_window_enabled: flag,
  palette: z.enum(PALETTES),
  is_alt_text_reminder_enabled: flag,
  is_verified_email: flag,
  safe_mode: flag,
  unread_count: count,
  limits: limitsSchema,
  language: text,
  defaultEditorType: z.enum(EDITOR_TYPES),
  features: featureFlagsSchema,
  is_admin: flag,
  polling_token: text,
  polling_frequency_inbox: count,
  polling_frequency_conversation: count,
  messaging_max_image_bytes: count,
  messaging_inbox_favorites_append_limit: count,
};

export const userInfoSchema: z.ZodType<UserInfo> = z.object(userInfoFields);

/** The user info with the session's form key. */
export const userInfoResponseFields = { user: userInfoSchema, form_key: text };

export const userInfoResponseSchema: z.ZodType<UserInfoResponse> = z.object(userInfoResponseFields);
