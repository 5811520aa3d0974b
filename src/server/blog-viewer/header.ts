// Spec 2 §3 "Blog header model": the blog with the viewer's follow state and theme, and the
// owner's header save (spec 2 §7 "Save header"), which goes through the blog settings rules.
import { z } from 'zod';
import type { TumblelogHeader } from '../../shared/blog-viewer/types';
import { BLOG_SETTINGS_FIELDS } from '../../shared/blog-settings';
import type { AppContext } from '../context';
import type { BlogRow } from '../db/tables/blog';
import { saveBlogSettings } from '../blogs/settings';
import { blogView } from '../hydration/blog-views';
import type { Viewer } from '../http/session';
import { mediaBySha } from '../media/queries';
import { mediaRef } from '../media/urls';
import { NOT_FOLLOWING, type BlogRelation } from '../rules/blogs';

/** The header image's recorded size: from the owner's upload it was made from (one lookup). */
async function headerImageDimens(ctx: AppContext, blog: BlogRow): Promise<{ width: number; height: number } | null> {
  const url = blog.theme.header_image_focused;
  const ref = url ? mediaRef(url, ctx.config.publicUrl) : null;
  if (!ref) return null;
  const media = await mediaBySha(ctx.db, blog.user_id, ref.sha256);
  const { orig_width: width, orig_height: height } = media?.meta ?? {};
  return width && height ? { width, height } : null;
}

export async function headerView(ctx: AppContext, viewer: Viewer | null, blog: BlogRow, relation: BlogRelation): Promise<TumblelogHeader> {
  const view = blogView(blog, ctx.config.publicUrl, viewer?.user.current_blog_id ?? null);
  return {
    ...view,
    following: relation.following,
    is_friend: relation.is_friend,
    can_subscribe: relation.can_subscribe,
    is_subscribed: relation.is_subscribed,
    is_owner: viewer?.user.id === blog.user_id,
    global_theme_params: { ...view.global_theme_params, header_image_dimens: await headerImageDimens(ctx, blog) },
  };
}

const text = z.union([z.string(), z.boolean()]).optional();
/**
 * The header model as the drawer sends it back: the fields the blog settings take, at the top
 * or inside global_theme_params (where the header image is header_image_focused). Everything
 * else the model carries (name, url, header_image_dimens, ...) is read-only and ignored.
 */
export const headerSaveSchema = z.object({
  tumblelog_name_or_id: z
    .string({ error: 'Say which blog: tumblelog_name_or_id is missing.' })
    .min(1, 'Say which blog: tumblelog_name_or_id is empty.')
    .max(100, 'tumblelog_name_or_id is not a blog name or id.'),
  tumblelog: z.object(
    {
      title: text,
      description: text,
      description_sanitized: text,
      global_theme_params: z.record(z.string(), z.unknown(), { error: 'global_theme_params must be an object.' }).optional(),
    },
    { error: 'tumblelog must be the header model (an object) with the fields to change.' },
  ),
});

const THEME_FIELDS = BLOG_SETTINGS_FIELDS.filter((key) => !['title', 'description', 'header_image', 'avatar'].includes(key));

type HeaderModel = z.infer<typeof headerSaveSchema>['tumblelog'];

/** The settings input the header model carries: only the settings fields, header image renamed. */
function settingsOf(tumblelog: HeaderModel): Record<string, unknown> {
  const theme = tumblelog.global_theme_params ?? {};
  const fields: Record<string, unknown> = {};
  for (const key of THEME_FIELDS) {
    if (key in theme) fields[key] = theme[key];
  }
  if ('header_image_focused' in theme) fields.header_image = theme.header_image_focused ?? '';
  if (tumblelog.title !== undefined) fields.title = tumblelog.title;
  const description = tumblelog.description ?? tumblelog.description_sanitized;
  if (description !== undefined) fields.description = description;
  return fields;
}

/**
 * POST /svc/indash_blog/header: the owner saves the blog (one the viewer may read); anyone else is
 * refused by the blog settings' rules (403), nothing changes.
 */
export async function saveHeader(ctx: AppContext, viewer: Viewer, blog: BlogRow, tumblelog: HeaderModel): Promise<TumblelogHeader> {
  const saved = await saveBlogSettings(ctx, viewer.user.id, blog.name, settingsOf(tumblelog));
  return headerView(ctx, viewer, saved, NOT_FOLLOWING);
}
