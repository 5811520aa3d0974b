// Answer schemas of search: GIF search (spec 1 §3), in-blog search and its typeahead (spec 2 §3),
// and site search over posts and blogs, checked against the types the client reads.
import { z } from 'zod';
import type { GifItem, GifSearchResult } from '../search/gif';
import {
  BLOG_SEARCH_POST_ROLES,
  BLOG_SEARCH_POST_TYPES,
  BLOG_SEARCH_SORTS,
  type BlogSearchResponse,
  type BlogTypeaheadResponse,
} from '../search/blog-search';
import type { BlogSearchPage, PostSearchPage } from '../search/site';
import { blogSchema } from './blog';
import { postViewSchema } from './post';

const text = z.string();

const gifItemSchema: z.ZodType<GifItem> = z.object({
  mediaUrl: text,
  postUrl: text,
  rootPostUrl: text,
  rootPostUrlHash: text,
  rootBlog: text,
  rootBlogUrl: text,
  rootBlogKey: text,
  postTags: z.array(text),
  popularSearchTag: text,
  width: z.number().nullable(),
  height: z.number().nullable(),
  postBlog: text,
  postId: text,
});

export const gifSearchResultSchema: z.ZodType<GifSearchResult> = z.object({
  query: text,
  limit: z.number(),
  loggingContext: text.nullable(),
  media: z.array(gifItemSchema),
  ts: z.number(),
  message: z.object({ header: text, body: text }).optional(),
});

export const blogSearchSchema: z.ZodType<BlogSearchResponse> = z.object({
  posts: z.array(postViewSchema),
  term: text,
  next_offset: z.number(),
  limit: z.number(),
  sort: z.enum(BLOG_SEARCH_SORTS),
  post_type: z.enum(BLOG_SEARCH_POST_TYPES),
  post_role: z.enum(BLOG_SEARCH_POST_ROLES),
  filter_nsfw: z.boolean(),
});

export const blogTypeaheadSchema: z.ZodType<BlogTypeaheadResponse> = z.object({ tags: z.array(z.object({ tag: text })) });

export const postSearchPageSchema: z.ZodType<PostSearchPage> = z.object({ posts: z.array(postViewSchema), next: text.nullable() });

export const blogSearchPageSchema: z.ZodType<BlogSearchPage> = z.object({ blogs: z.array(blogSchema), next: text.nullable() });
