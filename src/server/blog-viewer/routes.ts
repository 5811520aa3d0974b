// The blog viewer drawer's calls (spec 2 §7 "Blog viewer"; docs/api.md "Blog viewer drawer").
import { z } from 'zod';
import {
  adminSurveySchema,
  indashBlogSchema,
  peeprSchema,
  surveyAnswerSchema,
  tumblelogHeaderSchema,
} from '../../shared/answers/blog-viewer';
import { BLOG_VIEWER, type IndashBlogResponse, type PeeprResponse } from '../../shared/blog-viewer/types';
import { idText, postIdField } from '../../shared/ids';
import { formFlag } from '../../shared/form-flag';
import { pageWithAds } from '../ads/serve';
import type { AppContext } from '../context';
import type { Viewer } from '../http/session';
import { endpoint } from '../http/endpoint';
import { ErrorCode, postNotFound } from '../http/errors';
import { shortPath } from '../share/share-data';
import { clientAddress } from '../limits/client-address';
import { openBlogFrom, readableBlogByNameOrIdFrom, type BlogAccess } from './access';
import { headerSaveSchema, headerView, saveHeader } from './header';
import { drawerPage, timelineStart, TOP, type DrawerPage } from './queries';
import { adminSurvey, answerSurvey, closeSurvey, setSurvey, surveyAnswerBody, surveyBody, surveyFor, SURVEY_ANSWER_PATH } from './survey';

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

// The drawer's cursor is the last post's publish_id (docs/api.md), not one of http/paging.ts's.
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
// The name is checked by the blog's load: an unknown one is a 404, as today.
const peeprParams = z.object({ name: z.string() });

/**
 * A call as the loads below read it. Named, because TypeScript does not infer a loader's call type
 * through an endpoint's `loads` (an unannotated `(c) => c.query...` is typed by the loader's bound).
 */
interface Reading<Part> {
  ctx: AppContext;
  viewer: Viewer | null;
  query: Part;
}
type IndashCall = Reading<z.infer<typeof indashQuery>>;
type HeaderCall = Reading<z.infer<typeof headerQuery>>;
type PeeprCall = Reading<z.infer<typeof peeprQuery>> & { params: z.infer<typeof peeprParams> };
type HeaderSaveCall = Reading<unknown> & { body: z.infer<typeof headerSaveSchema> };

/**
 * A page of the blog as the drawer shows it: from `before`, or from `post_id` (that post
 * first), or from the top skipping `offset`. Nothing when safe mode withholds the blog.
 */
async function timeline(ctx: AppContext, access: BlogAccess, q: { post_id?: string; before?: string; offset?: number; limit: number }): Promise<DrawerPage> {
  if (access.blogHidden) return { ids: [], next: null };
  const rules = { blogId: access.blog.id, ownerReads: access.isOwner, hideFlagged: access.hideFlagged, limit: q.limit };
  if (q.before !== undefined) return drawerPage(ctx.db, { ...rules, before: q.before, offset: 0 });
  if (q.post_id !== undefined) {
    const start = await timelineStart(ctx.db, access.blog.id, q.post_id, access.isOwner, access.hideFlagged);
    if (start === null) throw postNotFound();
    return drawerPage(ctx.db, { ...rules, before: start, inclusive: true, offset: 0 });
  }
  return drawerPage(ctx.db, { ...rules, before: TOP, offset: q.offset ?? 0 });
}

export const blogViewerEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/indash_blog',
    area: 'blog-viewer',
    summary: "A page of a blog as the drawer shows it, with its header, ads and (in safe mode with bypass) the survey; from `before`, `post_id` or `offset`.",
    access: 'anyone',
    query: indashQuery,
    loads: { access: openBlogFrom((c: IndashCall) => c.query.tumblelog_name_or_id, (c) => c.query.should_bypass_safemode ?? false) },
    answer: indashBlogSchema,
    paging: { cursor: 'before', description: "The last post's publish_id: `next` of the previous page." },
    errors: [ErrorCode.notFound],
    handle: async ({ ctx, request, viewer, query: q, loaded: { access } }) => {
      const limit = q.limit ?? (q.post_id !== undefined && q.before === undefined ? 1 : BLOG_VIEWER.pageSize);
      const [page, tumblelog, survey] = await Promise.all([
        timeline(ctx, access, { ...q, limit }),
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
        post_tiny_url: asked ? ctx.config.publicUrl + shortPath(asked.id) : null,
      };
      return response;
    },
  }),

  endpoint({
    method: 'GET',
    path: '/svc/indash_blog/header',
    area: 'blog-viewer',
    summary: "A blog's header model (spec 2 §3): the blog with the viewer's follow state and whether it is theirs.",
    access: 'anyone',
    query: headerQuery,
    loads: { access: openBlogFrom((c: HeaderCall) => c.query.tumblelog_name_or_id, () => false) },
    answer: tumblelogHeaderSchema,
    handle: ({ ctx, viewer, loaded: { access } }) => headerView(ctx, viewer, access.blog, access.relation),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/indash_blog/header',
    area: 'blog-viewer',
    summary: "The owner saves the blog's header model through the blog settings' rules; anyone else is refused (403).",
    access: 'user',
    body: headerSaveSchema,
    loads: { blog: readableBlogByNameOrIdFrom((c: HeaderSaveCall) => c.body.tumblelog_name_or_id) },
    answer: tumblelogHeaderSchema,
    errors: [ErrorCode.forbidden],
    handle: ({ ctx, viewer, body, loaded: { blog } }) => saveHeader(ctx, viewer, blog, body.tumblelog),
  }),

  endpoint({
    method: 'GET',
    path: '/svc/tumblelog/:name/peepr',
    area: 'blog-viewer',
    summary: 'The single-post timeline: the post, then older ones of its blog, with ads as in the drawer.',
    access: 'anyone',
    params: peeprParams,
    query: peeprQuery,
    loads: { access: openBlogFrom((c: PeeprCall) => c.params.name, (c) => c.query.should_bypass_safemode ?? false) },
    answer: peeprSchema,
    paging: { cursor: 'before', description: "The last post's publish_id: `next` of the previous page." },
    errors: [ErrorCode.notFound],
    handle: async ({ ctx, request, viewer, query: q, loaded: { access } }) => {
      const page = await timeline(ctx, access, { ...q, limit: q.limit ?? BLOG_VIEWER.pageSize });
      // The single-post timeline's later pages carry ads as the drawer's do: one every 10 posts.
      const { posts, peepr_ad } = await pageWithAds(ctx, { viewer, address: clientAddress(request), safeMode: access.readerSafeMode }, page.ids);
      const response: PeeprResponse = { posts, peepr_ad, next: page.next, safe_mode_hidden: access.blogHidden };
      return response;
    },
  }),

  endpoint({
    method: 'POST',
    path: SURVEY_ANSWER_PATH,
    area: 'blog-viewer',
    summary: "Stores the viewer's answer to the open survey (answering again changes it).",
    access: 'user',
    body: surveyAnswerBody,
    answer: surveyAnswerSchema,
    errors: [ErrorCode.notFound],
    handle: ({ ctx, viewer, body }) => answerSurvey(ctx.db, viewer.user.id, body),
  }),

  endpoint({
    method: 'GET',
    path: '/svc/admin/blog_viewer_survey',
    area: 'blog-viewer',
    summary: 'The open survey, with how many chose each answer.',
    access: 'admin',
    answer: adminSurveySchema,
    handle: ({ ctx }) => adminSurvey(ctx.db),
  }),

  endpoint({
    method: 'POST',
    path: '/svc/admin/blog_viewer_survey',
    area: 'blog-viewer',
    summary: 'A new survey replaces the open one (closed, its answers kept).',
    access: 'admin',
    body: surveyBody,
    answer: adminSurveySchema,
    handle: ({ ctx, viewer, body }) => setSurvey(ctx.db, viewer.user.id, body),
  }),

  endpoint({
    method: 'DELETE',
    path: '/svc/admin/blog_viewer_survey',
    area: 'blog-viewer',
    summary: 'Closes the open survey: the drawer shows none any more.',
    access: 'admin',
    answer: adminSurveySchema,
    handle: ({ ctx }) => closeSurvey(ctx.db),
  }),
];
