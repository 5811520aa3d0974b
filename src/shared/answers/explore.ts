// Answer schema of explore (GET /svc/explore), checked against the type the client reads.
import { z } from 'zod';
import type { ExploreResponse } from '../tags';
import { postViewSchema } from './post';

export const exploreSchema: z.ZodType<ExploreResponse> = z.object({
  trending_tags: z.array(z.object({ tag: z.string(), post_count: z.number() })),
  posts: z.array(postViewSchema),
  next: z.null(),
});
