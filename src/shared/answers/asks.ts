// Answer schemas of asks, the inbox and the owner's answers (spec 1 §7), annotated with the shared
// TypeScript types where there is one, so they fail to compile when the two drift apart.
import { z } from 'zod';
import type { SaveResponse } from '../posts/types';
import { postViewSchema } from './post';

const text = z.string();

export const askSentSchema = z.object({ sent: z.literal(true) });

/** What waits in each of the viewer's blogs' inboxes, by blog name (only blogs with something waiting). */
export const inboxCountsSchema = z.object({ counts: z.record(text, z.number()) });

/** POST /answer: the post form's save answer, without the page it would go back to. */
export const answeredSchema: z.ZodType<Omit<SaveResponse, 'post_context_page'>> = z.object({
  post: z.object({ id: text, is_edit: z.boolean(), is_reblog: z.boolean() }),
  post_tumblelog: z.object({ name_or_id: text, url: text, post_url: text, avatar: text }),
  created_post: postViewSchema,
  message: text,
});

export const approvedSchema = z.object({ post: postViewSchema });

export const deniedSchema = z.object({});

export const senderBlockedSchema = z.object({ blocked: z.enum(['blog', 'address']) });
