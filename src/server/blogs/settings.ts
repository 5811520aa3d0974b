// POST /svc/blog/{name}/settings: what the owner changes about the card (title, description,
// avatar, header image, theme colours and switches). Only the owner; everything checked first,
// then one update, so a refused request changes nothing.
import { sql } from 'kysely';
import { z } from 'zod';
import { ownBlogSchema } from '../../shared/answers/blogs';
import { blogSettingsSchema, SUBMISSION_TYPES_NEEDED } from '../../shared/blog-settings';
import type { GlobalThemeParams } from '../../shared/types';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { endpoint } from '../http/endpoint';
import { parse } from '../http/envelope';
import { AppError, ErrorCode, invalidField } from '../http/errors';
import { mediaBySha } from '../media/queries';
import { mediaRef } from '../media/urls';
import { sanitizeRichHtml } from '../content/sanitize';
import { blogView, ownerMessagingSettings } from '../hydration/blog-views';
import { ownedBlogElse } from '../rules/blogs';
import { ownedBlogElseFrom, type CallWith } from '../rules/loads';

const notYourBlog = () =>
  new AppError(403, ErrorCode.forbidden, 'You can only change the settings of your own blogs.');

/**
 * The main size of an image the user uploaded, from any of its URLs; '' clears it (null).
 * Someone else's upload, or any other address, is refused: the page would show it as ours.
 */
async function ownImage(ctx: AppContext, userId: string, url: string, field: string, label: string): Promise<string | null> {
  if (url === '') return null;
  const ref = mediaRef(url, ctx.config.publicUrl);
  const media = ref ? await mediaBySha(ctx.db, userId, ref.sha256) : undefined;
  if (!media || media.kind !== 'image' || !media.meta.url) {
    throw invalidField(field, `The ${label} must be an image you uploaded here (POST /svc/media/upload).`);
  }
  return media.meta.url;
}

/**
 * Saves the settings sent for a blog the user owns, named by `name` (the header save of
 * blog-viewer/header.ts); another person's blog is the documented 403.
 */
export async function saveBlogSettings(ctx: AppContext, userId: string, name: string, body: unknown): Promise<BlogRow> {
  const blog = await ownedBlogElse(ctx.db, userId, name, notYourBlog);
  return applyBlogSettings(ctx, blog, parse(blogSettingsSchema, body));
}

/** Checks everything first, then one update: a refused request changes nothing. */
async function applyBlogSettings(ctx: AppContext, blog: BlogRow, input: z.output<typeof blogSettingsSchema>): Promise<BlogRow> {
  const userId = blog.user_id;
  const theme: Partial<GlobalThemeParams> = { ...blog.theme };
  for (const key of ['background_color', 'title_color', 'link_color', 'avatar_shape', 'show_title', 'show_description', 'show_avatar', 'show_header_image', 'title_font'] as const) {
    if (input[key] !== undefined) Object.assign(theme, { [key]: input[key] });
  }
  if (input.header_image !== undefined) {
    theme.header_image_focused = await ownImage(ctx, userId, input.header_image, 'header_image', 'header image');
  }
  const avatarPath = input.avatar === undefined ? undefined : await ownImage(ctx, userId, input.avatar, 'avatar', 'avatar');

  const saved = await ctx.db
    .updateTable('blogs')
    .set({
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: sanitizeRichHtml(input.description) } : {}),
      ...(avatarPath !== undefined ? { avatar_path: avatarPath } : {}),
      ...(input.can_receive_messages !== undefined ? { can_receive_messages: input.can_receive_messages } : {}),
      ...(input.messages_from_followed_only !== undefined ? { messages_from_followed_only: input.messages_from_followed_only } : {}),
      // Asks and submissions (issue 14): plain values, stored as sent.
      ...(input.asks !== undefined ? { asks: input.asks } : {}),
      ...(input.anonymous_asks !== undefined ? { anonymous_asks: input.anonymous_asks } : {}),
      ...(input.ask_page_title !== undefined ? { ask_page_title: input.ask_page_title } : {}),
      ...(input.submissions !== undefined ? { submissions: input.submissions } : {}),
      ...(input.submission_types !== undefined ? { submission_types: input.submission_types } : {}),
      ...(input.submission_guidelines !== undefined ? { submission_guidelines: input.submission_guidelines } : {}),
      theme: JSON.stringify(theme),
    })
    .where('id', '=', blog.id)
    .where(submissionsTakeAType(input))
    .returningAll()
    .executeTakeFirst();
  if (!saved) throw invalidField('submission_types', SUBMISSION_TYPES_NEEDED);
  return saved;
}

/**
 * Submissions on with no post type would show 'Submit' and refuse everything. Checked on the row
 * as the update finds it, not on the fields sent: turning submissions on, or unticking the last
 * type, can each reach that state alone, also in two saves at the same moment (the second update
 * re-reads the row the first wrote).
 */
function submissionsTakeAType(input: { submissions?: boolean; submission_types?: string[] }) {
  const on = sql<boolean>`coalesce(${input.submissions ?? null}::boolean, submissions)`;
  const none = input.submission_types === undefined ? sql<boolean>`cardinality(submission_types) = 0` : sql<boolean>`${input.submission_types.length === 0}::boolean`;
  return sql<boolean>`not (${on} and ${none})`;
}

export const blogSettingsEndpoints = [
  endpoint({
    method: 'POST',
    path: '/svc/blog/:name/settings',
    area: 'blogs',
    summary: "Changes one of the user's blogs: title, description, avatar, header image, theme, messages, asks and submissions.",
    access: 'user',
    params: z.object({ name: z.string() }),
    body: blogSettingsSchema,
    answer: ownBlogSchema,
    // Another person's blog: the 403 docs/api.md names, not ownedBlog's 404.
    loads: { blog: ownedBlogElseFrom((c: CallWith<'params', { name: string }>) => c.params.name, notYourBlog) },
    handle: async ({ ctx, viewer, body, loaded }) => {
      const row = await applyBlogSettings(ctx, loaded.blog, body);
      return { ...blogView(row, ctx.config.publicUrl, viewer.user.current_blog_id), ...ownerMessagingSettings(row) };
    },
  }),
];
