// Answer schemas of the admin tools (spec 1 §6): the switches on a blog, and the reports lists.
import { z } from 'zod';
import type { BlogModeration, ReportsPage, ReportView } from '../moderation';

const text = z.string();
const flag = z.boolean();

const moderationFields = {
  tumblelog: text,
  is_spam: flag,
  is_nsfw: flag,
  is_adult: flag,
  is_uniblock: flag,
  is_suspended: flag,
};

export const blogModerationSchema: z.ZodType<BlogModeration> = z.object(moderationFields);

const reportSchema: z.ZodType<ReportView> = z.object({
  id: text,
  reason: text,
  message: text,
  created_at: text,
  reporter: z.object({ blog_name: text.nullable() }).nullable(),
  post: z.object({ id: text, type: text, url: text, summary: text, state: text, is_private: flag }),
  blog: z.object({ ...moderationFields, url: text }),
});

export const reportsPageSchema: z.ZodType<ReportsPage> = z.object({ reports: z.array(reportSchema), next: text.nullable() });

/** A reported message or conversation marked spam (spec 2 §6), as the admin list shows it. */
export interface MessageReportView {
  id: string;
  /** A reported message, or a conversation marked spam. */
  kind: 'message' | 'spam';
  excerpt: string;
  /** ISO 8601. */
  created_at: string;
  conversation_id: string;
  message_id: string | null;
  reporter: { blog_name: string };
  reported: BlogModeration & { name: string; url: string };
}

/** GET /svc/admin/message_reports: newest first; `next` is the `before` of the next page. */
export interface MessageReportsPage {
  reports: MessageReportView[];
  next: string | null;
}

const messageReportSchema: z.ZodType<MessageReportView> = z.object({
  id: text,
  kind: z.enum(['message', 'spam']),
  excerpt: text,
  created_at: text,
  conversation_id: text,
  message_id: text.nullable(),
  reporter: z.object({ blog_name: text }),
  reported: z.object({ ...moderationFields, name: text, url: text }),
});

export const messageReportsPageSchema: z.ZodType<MessageReportsPage> = z.object({ reports: z.array(messageReportSchema), next: text.nullable() });

/** A report closed (or closed already). */
export interface ResolvedReport {
  id: string;
  resolved: true;
}

export const resolvedSchema: z.ZodType<ResolvedReport> = z.object({ id: text, resolved: z.literal(true) });
