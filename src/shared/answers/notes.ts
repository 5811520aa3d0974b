// Answer schemas of the notes of a post and the post actions (spec 1 §7 "Post action calls").
import { z } from 'zod';
import type { FastReblogResponse, LikeResponse, Note, NotesPage, PromoteResponse, ReplyResponse } from '../notes/types';
import { postBlogSchema } from './post';

const text = z.string();
const count = z.number();

const replyPhotoSchema = z.object({ url: text, width: count.nullable(), height: count.nullable(), alt_text: text });
/** A note from an account elsewhere (federation). */
const remote = z
  .object({ handle: text, name: text, icon_url: text.nullable(), profile_url: text.nullable(), url: text.nullable() })
  .optional();

const replyNoteSchema = z.object({
  type: z.literal('reply'), timestamp: count, blog: postBlogSchema, reply_id: text, reply_text: text, mentions: z.array(text), photo: replyPhotoSchema.nullable(), remote,
});

export const noteSchema: z.ZodType<Note> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('like'), timestamp: count, blog: postBlogSchema, remote }),
  z.object({ type: z.literal('reblog'), timestamp: count, blog: postBlogSchema, post_id: text, post_url: text, added_html: text, remote }),
  replyNoteSchema,
]);

export const notesPageSchema: z.ZodType<NotesPage> = z.object({ notes: z.array(noteSchema), next: text.nullable(), note_count: count });

export const likeSchema: z.ZodType<LikeResponse> = z.object({ liked: z.boolean(), note_count: count });

export const fastReblogSchema: z.ZodType<FastReblogResponse> = z.object({
  post_id: text,
  state: z.enum(['published', 'queued']),
  reblogged: z.literal(true),
  post_tumblelog: z.object({ name_or_id: text, avatar: text }),
  note_count: count,
});

export const replySchema: z.ZodType<ReplyResponse> = z.object({ note: replyNoteSchema, note_count: count });

export const promoteSchema: z.ZodType<PromoteResponse> = z.object({ is_promoted: z.boolean(), budget: count, spent: count });
