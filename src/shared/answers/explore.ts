// Answer schemas of explore (GET /svc/explore and its suggestions), checked against the type the client reads.
import { z } from 'zod';
import type { ExploreResponse } from '../tags';
import type { Blog } from '../types';
import { blogSchema } from './blog';
import { postViewSchema } from './post';

export const exploreSchema: z.ZodType<ExploreResponse> = z.object({
  trending_tags: z.array(z.object({ tag: z.string(), post_count: z.number() })),
  posts: z.array(postViewSchema),
  next: z.null(),
});

/** Blogs and tags to follow, for a quiet dashboard and the welcome step (GET /svc/explore/suggestions). */
export interface SuggestionsResponse {
  /** Blogs of the popular posts, most popular first; none the viewer follows, owns, or is blocked from. */
  blogs: Blog[];
  /** Trending tags the viewer does not follow, most used first. */
  tags: Array<{ tag: string; post_count: number }>;
}

export const suggestionsSchema: z.ZodType<SuggestionsResponse> = z.object({
  blogs: z.array(blogSchema),
  tags: z.array(z.object({ tag: z.string(), post_count: z.number() })),
});
