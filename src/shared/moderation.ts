// Moderation (spec 1 §6): the admin switches on a blog, reports of posts, and blocks between blogs.
import type { Blog } from './types';

/** The five admin switches, by the name of their call (POST /{name}/toggle). */
export const MODERATION_SWITCHES = ['spam', 'nsfw', 'adult', 'uniblock', 'suspended'] as const;
export type ModerationSwitch = (typeof MODERATION_SWITCHES)[number];

/** A blog's switches, as every toggle answers them. */
export interface BlogModeration {
  tumblelog: string;
  is_spam: boolean;
  is_nsfw: boolean;
  is_adult: boolean;
  is_uniblock: boolean;
  is_suspended: boolean;
}

/** An open report, as the admin list shows it. */
export interface ReportView {
  id: string;
  reason: string;
  message: string;
  /** ISO 8601. */
  created_at: string;
  /** The reporter's primary blog; null when the reporter's account is gone. */
  reporter: { blog_name: string | null } | null;
  post: { id: string; type: string; url: string; summary: string; state: string; is_private: boolean };
  blog: BlogModeration & { url: string };
}

/** GET /svc/admin/reports: newest first; `next` is the `before` of the next page. */
export interface ReportsPage {
  reports: ReportView[];
  next: string | null;
}

/** POST /svc/block/add and /svc/block/remove. */
export interface BlockAnswer {
  is_blocked: boolean;
  tumblelog: string;
  blocked_tumblelog: string;
}

/** A blocked blog in GET /svc/block/list. */
export type BlockedBlog = Blog & { blocked_at: string };

/** GET /svc/block/list: newest block first; `next` is the `before` of the next page. */
export interface BlockedPage {
  blogs: BlockedBlog[];
  next: string | null;
}
