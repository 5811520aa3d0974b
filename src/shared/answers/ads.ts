// Answer schema of the side column's ad slot (docs/api.md "Ads").
import { z } from 'zod';
import type { LrecResponse } from '../ads/types';
import { postViewSchema } from './post';

export const lrecSchema: z.ZodType<LrecResponse> = z.object({ post: postViewSchema.nullable() });
