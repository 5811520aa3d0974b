// Answer schemas of posts: the post view every list and single post answers with, and a page of them.
import { z } from 'zod';
import { APPEAL_LEVEL } from '../appeals';
import { EDITOR_TYPES, POST_TYPES } from '../constants';
import { CTA_TEXTS } from '../posts/cta';
import { STATE_CODES, type PostState } from '../posts/states';
import type { MediaSizeView, PhotoView, PostBlog, PostContent, PostPage, PostView, TrailItem } from '../posts/types';

const text = z.string();
const flag = z.boolean();
const count = z.number();

export const postBlogSchema: z.ZodType<PostBlog> = z.object({ name: text, uuid: text, title: text, url: text, avatar_url: text, is_adult: flag });

export const mediaSizeSchema: z.ZodType<MediaSizeView> = z.object({ width: count, height: count, url: text });

const photoSchema: z.ZodType<PhotoView> = z.object({
  id: text,
  url: text,
  width: count.nullable(),
  height: count.nullable(),
  caption: text,
  alt_text: text.optional(),
  sizes: z.array(mediaSizeSchema).optional(),
  livephotoUrl: text.optional(),
  livephotoStillTime: count.optional(),
});

export const postContentSchema: z.ZodType<PostContent> = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), title: text, body_html: text }),
  z.object({ type: z.literal('photo'), photos: z.array(photoSchema), caption_html: text, layout: text, linkthrough: text.nullable() }),
  z.object({ type: z.literal('quote'), quote_html: text, source_html: text }),
  z.object({ type: z.literal('link'), title: text, url: text, description_html: text, excerpt: text, author: text, thumbnail: text.nullable() }),
  z.object({ type: z.literal('chat'), title: text, lines: z.array(z.object({ name: text, label: text, phrase: text })) }),
  z.object({
    type: z.literal('audio'),
    url: text,
    caption_html: text,
    track_title: text,
    track_artist: text,
    track_album: text,
    album_art: text.nullable(),
    embed_html: text.nullable(),
    media_id: text.optional(),
    duration: count.nullable().optional(),
  }),
  z.object({
    type: z.literal('video'),
    embed_html: text.nullable(),
    url: text,
    caption_html: text,
    media_id: text.optional(),
    poster_url: text.nullable().optional(),
    hd_url: text.nullable().optional(),
    duration: count.nullable().optional(),
    filmstrip: mediaSizeSchema.nullable().optional(),
    width: count.nullable().optional(),
    height: count.nullable().optional(),
  }),
  z.object({ type: z.literal('note'), question: text, answer_html: text, asking_name: text.nullable() }),
]);

const trailItemSchema: z.ZodType<TrailItem> = z.object({ post_id: text, blog: postBlogSchema, content_html: text, is_root: flag });

const states = Object.keys(STATE_CODES) as [PostState, ...PostState[]];
const stateCodes = Object.values(STATE_CODES) as [(typeof STATE_CODES)[PostState], ...(typeof STATE_CODES)[PostState][]];

export const postViewSchema: z.ZodType<PostView> = z.object({
  id: text,
  type: z.enum([...POST_TYPES, 'note']),
  state: z.enum(stateCodes),
  state_name: z.enum(states),
  blog: postBlogSchema,
  post_url: text,
  slug: text,
  date: text,
  publish_on: text.nullable(),
  tags: z.array(text),
  source_url: text.nullable(),
  editor_type: z.enum(EDITOR_TYPES),
  content: postContentSchema,
  is_reblog: flag,
  reblog_key: text,
  reblogged_from: z.object({ post_id: text, blog_name: text }).nullable(),
  root_id: text,
  trail: z.array(trailItemSchema),
  is_private: flag,
  allow_answers: flag,
  allow_photo_replies: flag,
  members_only: flag,
  owner_flagged_nsfw: flag,
  can_be_liked: flag,
  can_be_reblogged: flag,
  note_count: count,
  is_mine: flag,
  liked: flag,
  reblogged: flag,
  is_promoted: flag,
  can_reply: flag,
  submitted_by: postBlogSchema.optional(),
  carousel_display: flag,
  carousel_link_url: text.nullable(),
  cta: z.object({ text_code: count, text: z.enum(CTA_TEXTS), link_url: text, android_link_url: text.nullable() }).nullable(),
  is_sensitive: flag,
  appeal_state: z.union(Object.values(APPEAL_LEVEL).map((level) => z.literal(level)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>]).optional(),
  remote: z
    .object({ handle: text, name: text, icon_url: text.nullable(), profile_url: text.nullable(), url: text, summary: text.nullable() })
    .optional(),
});

export const postPageSchema: z.ZodType<PostPage> = z.object({
  posts: z.array(postViewSchema),
  next: text.nullable(),
  sponsored: z.array(postViewSchema).optional(),
});
