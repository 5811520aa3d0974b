// The blog viewer drawer's calls (spec 2 §7 "Blog viewer"; docs/api.md "Blog viewer drawer").
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BLOG_VIEWER, type IndashBlogResponse, type PeeprResponse } from '../../shared/blog-viewer/types';
import { idText, postIdField } from '../../shared/ids';
import { formFlag } from '../../shared/form-flag';
import { pageWithAds } from '../ads/serve';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { postNotFound } from '../http/errors';
import { requireViewer } from '../http/session';
import { requireAdmin } from '../moderation/admin';
import { shortPath } from '../share/share-data';
import { clientAddress } from '../limits/client-address';
import { openBlog, type BlogAccess } from './access';
import { headerView, saveHeader } from './header';
import { drawerPage, timelineStart, TOP, type DrawerPage } from './queries';
import { adminSurvey, answerSurvey, closeSurvey, setSurvey, surveyFor, SURVEY_ANSWER_PATH } from './survey';

const nameOrId = z
  .string({ error: 'Say which blog: tumblelog_name_or_id is missing.' })
  .min(1, 'Say which blog: tumblelog_name_or_id is empty.')
  .max(100, 'tumblelog_name_or_id is not a blog name or id.');

/** Query numbers come as text: whole numbers in a range, with a message that says which. */
const whole = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be a whole number from ${min} to ${max}.` })
    .regex(/^\d{1,6}$/, `${field} must be a whole number from ${min} to ${max}.`)
    .transform(Number)
    .pipe(z.number().min(min, `${field} must be a whole number from ${min} to ${max}.`).max(max, `${field} must be a whole number from ${min} to ${max}.`));

const cursor = idText('before', { missing: 'before must be the next cursor of the previous page.', digits: 'before must be the next cursor of the previous page (digits only).' });
const bypass = formFlag('should_bypass_safemode', { emptyIsOff: true }).optional();

const indashQuery = z.object({
  tumblelog_name_or_id: nameOrId,
  post_id: postIdField('post_id').optional(),
  limit: whole('limit', 1, BLOG_VIEWER.maxLimit).optional(),
  offset: whole('offset', 0, BLOG_VIEWER.maxOffset).optional(),
  before: cursor.optional(),
  should_bypass_safemode: bypass,
});
const headerQuery = z.object({ tumblelog_name_or_id: nameOrId });
const peeprQuery = z.object({
  post_id: postIdField('post_id').optional(),
  limit: whole('limit', 1, BLOG_VIEWER.maxLimit).optional(),
  before: cursor.optional(),
  should_bypass_safemode: bypass,
});

export function blogViewerRoutes(app: FastifyInstance, ctx: AppContext) {
  const publicUrl = ctx.config.publicUrl;

  /**
   * A page of the blog as the drawer shows it: from `before`, or from `post_id` (that post
   * first), or from the top skipping `offset`. Nothing when safe mode withholds the blog.
   */
  const timeline = async (access: BlogAccess, q: { post_id?: string; before?: string; offset?: number; limit: number }): Promise<DrawerPage> => {
    if (access.blogHidden) return { ids: [], next: null };
    const rules = { blogId: access.blog.id, ownerReads: access.isOwner, hideFlagged: access.hideFlagged, limit: q.limit };
    if (q.before !== undefined) return drawerPage(ctx.db, { ...rules, before: q.before, offset: 0 });
    if (q.post_id !== undefined) {
      const start = await timelineStart(ctx.db, access.blog.id, q.post_id, access.isOwner, access.hideFlagged);
      if (start === null) throw postNotFound();
      return drawerPage(ctx.db, { ...rules, before: start, inclusive: true, offset: 0 });
    }
    return drawerPage(ctx.db, { ...rules, before: TOP, offset: q.offset ?? 0 });
  };

  app.get('/svc/indash_blog', async (request): Promise<unknown> => {
    const q = parse(indashQuery, request.query);
    const viewer = request.viewer;
    const access = await openBlog(ctx, viewer, q.tumblelog_name_or_id, q.should_bypass_safemode ?? false);
    const limit = q.limit ?? (q.post_id !== undefined && q.before === undefined ? 1 : BLOG_VIEWER.pageSize);
    const [page, tumblelog, survey] = await Promise.all([
      timeline(access, { ...q, limit }),
      headerView(ctx, viewer, access.blog, access.relation),
      access.bypassed ? surveyFor(ctx.db, viewer?.user.id ?? null) : Promise.resolve([]),
    ]);
    // Ads every 10 posts (spec 2 §9), served with the page in the same hydration.
    const { posts, peepr_ad } = await pageWithAds(ctx, { viewer, address: clientAddress(request), safeMode: access.readerSafeMode }, page.ids);
    const asked = q.post_id !== undefined ? posts.find((p) => p.id === q.post_id) : undefined;
    const response: IndashBlogResponse = {
      posts,
      tumblelog,
      peepr_ad,
      tracking_html: '',
      next: page.next,
      safe_mode_hidden: access.blogHidden,
      survey,
      post_id: asked?.id ?? null,
      tumblelog_name: access.blog.name,
      post_url: asked?.post_url ?? null,
      post_tiny_url: asked ? publicUrl + shortPath(asked.id) : null,
    };
    return ok(response);
  });

  app.get('/svc/indash_blog/header', async (request) => {
    const q = parse(headerQuery, request.query);
    const access = await openBlog(ctx, request.viewer, q.tumblelog_name_or_id, false);
    return ok(await headerView(ctx, request.viewer, access.blog, access.relation));
  });

  app.post('/svc/indash_blog/header', async (request) => ok(await saveHeader(ctx, requireViewer(request), request.body)));

  app.get<{ Params: { name: string } }>('/svc/tumblelog/:name/peepr', async (request) => {
    const q = parse(peeprQuery, request.query);
    const access = await openBlog(ctx, request.viewer, request.params.name, q.should_bypass_safemode ?? false);
    const page = await timeline(access, { ...q, limit: q.limit ?? BLOG_VIEWER.pageSize });
    // The single-post timeline's later pages carry ads as the drawer's do: one every 10 posts.
    const { posts, peepr_ad } = await pageWithAds(ctx, { viewer: request.viewer, address: clientAddress(request), safeMode: access.readerSafeMode }, page.ids);
    const response: PeeprResponse = { posts, peepr_ad, next: page.next, safe_mode_hidden: access.blogHidden };
    return ok(response);
  });

  app.post(SURVEY_ANSWER_PATH, async (request) => ok(await answerSurvey(ctx.db, requireViewer(request).user.id, request.body)));

  app.get('/svc/admin/blog_viewer_survey', async (request) => {
    requireAdmin(request);
    return ok(await adminSurvey(ctx.db));
  });
  app.post('/svc/admin/blog_viewer_survey', async (request) => ok(await setSurvey(ctx.db, requireAdmin(request).user.id, request.body)));
  app.delete('/svc/admin/blog_viewer_survey', async (request) => {
    requireAdmin(request);
    return ok(await closeSurvey(ctx.db));
  });
}
