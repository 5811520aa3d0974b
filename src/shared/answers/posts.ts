// Answer schemas of the post form and the post lists (http/endpoint.ts `answer`): what the server
// sends, checked against the shared TypeScript types where there is one (the `z.ZodType<T>`
// annotations fail to compile when they drift).
import { z } from 'zod';
import { LIMITS } from '../constants';
import type { PostFormSource, PostView, SaveResponse } from '../posts/types';
import type { Channel } from '../types';
import { blogFields } from './blog';
import { postViewSchema } from './post';

const text = z.string();
const count = z.number();
const flag = z.boolean();

/** A blog of the logged-in user as the post form and user info list it. */
export const channelSchema: z.ZodType<Channel> = z.object({
  ...blogFields,
  unread_count: count,
  can_send_messages: flag,
  is_primary: flag,
  activity_unread: count.optional(),
  mention_key: text.optional(),
  is_messaging_bot: flag.optional(),
  unread_messages_count_sum: count.optional(),
});

type Limits = { [K in keyof typeof LIMITS]: number };
const limitsSchema: z.ZodType<Limits> = z.object(Object.fromEntries(Object.keys(LIMITS).map((key) => [key, count])) as Record<keyof Limits, typeof count>);

/** POST /svc/post/get_post_form_builder_data. */
export const formBuilderSchema = z.object({ channels: z.array(channelSchema), limits: limitsSchema });

const postTumblelogSchema = z.object({ name_or_id: text, url: text, post_url: text, avatar: text });

/** POST /svc/post/update. */
export const saveSchema: z.ZodType<SaveResponse> = z.object({
  post: z.object({ id: text, is_edit: flag, is_reblog: flag }),
  post_tumblelog: postTumblelogSchema,
  post_context_page: text,
  created_post: postViewSchema,
  message: text,
});

const sourceSchema: z.ZodType<PostFormSource> = z.object({ one: text, two: text, three: text, extra: z.record(text, text) });

/** POST /svc/post/fetch: the source as typed only for the author's own post. */
export const postFetchSchema = z.object({
  post: postViewSchema,
  source: sourceSchema.optional(),
  post_tumblelog: postTumblelogSchema,
  post_context_page: text,
});

/** One post: /publish, /queue and a post's own page. */
export const onePostSchema: z.ZodType<{ post: PostView }> = z.object({ post: postViewSchema });

/** An answer with nothing in it (a delete). */
export const emptySchema = z.object({});
