// Answer schemas of the post form and the post lists (http/endpoint.ts `answer`): what the server
// sends, checked against the shared TypeScript types where there is one (the `z.ZodType<T>`
// annotations fail to compile when they drift).
import { z } from 'zod';
import type { PostFormSource, PostView, SaveResponse } from '../posts/types';
import { postViewSchema } from './post';
// The same channel and limits as user info: the post form lists the blogs with channelView too.
import { channelSchema, limitsSchema } from './user';

const text = z.string();
const flag = z.boolean();

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
