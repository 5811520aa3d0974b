// Answer schemas of follows and subscriptions (spec 1 §4).
import { z } from 'zod';
import type { Blog, FollowState } from '../types';
import { blogFields, relationFields } from './blog';

/** The viewer's relation to a blog after a follow or an unfollow. */
export const relationSchema: z.ZodType<FollowState & { is_blocked: boolean }> = z.object(relationFields);

export const subscriptionSchema: z.ZodType<{ is_subscribed: boolean }> = z.object({ is_subscribed: z.boolean() });

type FollowedBlog = Blog & { following: true; is_subscribed: boolean };

/** GET /svc/following: the blogs the viewer follows, newest follow first. */
export const followingPageSchema: z.ZodType<{ blogs: FollowedBlog[]; next: string | null }> = z.object({
  blogs: z.array(z.object({ ...blogFields, following: z.literal(true), is_subscribed: z.boolean() })),
  next: z.string().nullable(),
});
