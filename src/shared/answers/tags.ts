// Answer schemas of tags: a tag's posts and a tag's follow.
import { z } from 'zod';
import type { TagFollowResponse, TaggedPage } from '../tags';
import { postViewSchema } from './post';

export const taggedPageSchema: z.ZodType<TaggedPage> = z.object({
  tag: z.string(),
  following: z.boolean(),
  posts: z.array(postViewSchema),
  next: z.string().nullable(),
});

export const tagFollowSchema: z.ZodType<TagFollowResponse> = z.object({ tag: z.string(), following: z.boolean() });
