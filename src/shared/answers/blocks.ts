// Answer schemas of blocks (spec 1 §7).
import { z } from 'zod';
import type { BlockAnswer, BlockedPage } from '../moderation';
import { blogFields } from './blog';

export const blockSchema: z.ZodType<BlockAnswer> = z.object({ is_blocked: z.boolean(), tumblelog: z.string(), blocked_tumblelog: z.string() });

/** GET /svc/block/list: the blogs one blog blocked, newest block first. */
export const blockedPageSchema: z.ZodType<BlockedPage> = z.object({
  blogs: z.array(z.object({ ...blogFields, blocked_at: z.string() })),
  next: z.string().nullable(),
});
