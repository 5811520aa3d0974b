// POST /svc/blog/{name}/settings: what the owner changes about the card (title, description,
// avatar, header image, theme colours and switches). Only the owner; everything checked first,
// then one update, so a refused request changes nothing.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { blogSettingsSchema, SUBMISSION_TYPES_NEEDED } from '../../shared/blog-settings';
import type { GlobalThemeParams } from '../../shared/types';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { ok, parse } from '../http/envelope';
import { AppError, ErrorCode, blogNotFound, invalidField } from '../http/errors';
import { requireViewer } from '../http/session';
import { mediaBySha } from '../media/queries';
import { mediaRef } from '../media/urls';
import { sanitizeRichHtml } from '../content/sanitize';
import { blogByName } from '../hydration/blogs';
import { blogView, ownerMessagingSettings } from '../hydration/blog-views';

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

export async function saveBlogSettings(ctx: AppContext, userId: string, name: string, body: unknown): Promise<BlogRow> {
  const blog = await blogByName(ctx.db, name);
  if (!blog) throw blogNotFound(name);
  if (blog.user_id !== userId) throw notYourBlog();
  const input = parse(blogSettingsSchema, body);

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

export function blogSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post<{ Params: { name: string } }>('/svc/blog/:name/settings', async (request) => {
    const viewer = requireViewer(request);
    const row = await saveBlogSettings(ctx, viewer.user.id, request.params.name, request.body);
    return ok({ ...blogView(row, ctx.config.publicUrl, viewer.user.current_blog_id), ...ownerMessagingSettings(row) });
  });
}
