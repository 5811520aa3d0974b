// Answer schemas of blogs (http/endpoint.ts `answer`): what the server sends, checked against the
// TypeScript types the client reads (the `z.ZodType<T>` annotations fail to compile when they drift),
// and turned into the OpenAPI document's shapes.
import { z } from 'zod';
import type { Blog, BlogCardData, GlobalThemeParams, HighlightedPost } from '../types';

const text = z.string();
const flag = z.boolean();

export const globalThemeParamsSchema: z.ZodType<GlobalThemeParams> = z.object({
  background_color: text,
  title_color: text,
  link_color: text,
  title_font: text,
  title_font_weight: z.enum(['bold', 'regular']),
  show_title: flag,
  show_description: flag,
  show_avatar: flag,
  avatar_shape: z.enum(['circle', 'square']),
  show_header_image: flag,
  header_image_focused: text.nullable(),
  header_stretch: flag,
});

export const highlightedPostSchema: z.ZodType<HighlightedPost> = z.object({
  id: text,
  post_url: text,
  type: text,
  summary: text,
  thumbnail_url: text.nullable(),
});

/** The viewer's relation to a blog (spec 1 §4) and a block between them. */
export const relationFields = {
  following: flag,
  is_friend: flag,
  can_subscribe: flag,
  is_subscribed: flag,
  is_blocked: flag,
};

export const blogFields = {
  name: text,
  uuid: text,
  token: text.optional(),
  url: text,
  blog_view_url: text,
  title: text,
  description_sanitized: text,
  directory_safe_title: text,
  avatar_url: text,
  avatar_url_48: text,
  avatar_url_128: text,
  is_adult: flag,
  is_current: flag,
  has_default_header: flag,
  cname: text.nullable(),
  global_theme_params: globalThemeParamsSchema,
  following: flag.optional(),
  is_friend: flag.optional(),
  can_subscribe: flag.optional(),
  is_subscribed: flag.optional(),
  is_blocked: flag.optional(),
  can_receive_messages: flag.optional(),
  messages_from_followed_only: flag.optional(),
  asks: flag.optional(),
  anonymous_asks: flag.optional(),
  ask_page_title: text.optional(),
  submissions: flag.optional(),
  submission_types: z.array(text).optional(),
  submission_guidelines: text.optional(),
  highlighted_posts: z.array(highlightedPostSchema).optional(),
};

export const blogSchema: z.ZodType<Blog> = z.object(blogFields);

export const blogCardSchema: z.ZodType<BlogCardData> = z.object({
  ...blogFields,
  following: flag,
  can_subscribe: flag,
  is_subscribed: flag,
  highlighted_posts: z.array(highlightedPostSchema),
});
