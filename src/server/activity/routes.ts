import { z } from 'zod';
import { activityPageSchema, activitySeenAnswerSchema } from '../../shared/answers/activity';
import { activityPageQuery, activitySeenSchema } from '../../shared/activity/schemas';
import type { BlogRow } from '../db/tables/blog';
import { endpoint, type Loader } from '../http/endpoint';
import { ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import type { AppContext } from '../context';
import { activityBlog, activityPage, markActivitySeen } from './service';

const blogParams = z.object({ blogName: z.string() });

/** The blog whose activity is asked for (docs/api.md: no such blog 404, another person's 403). */
const activityBlogFrom = <C extends { ctx: AppContext; viewer: Viewer; params: { blogName: string } }>(): Loader<C, BlogRow> => ({
  describe: "a blog of the viewer's (404 for none, 403 for another person's)",
  errors: [ErrorCode.blogNotFound, ErrorCode.forbidden],
  load: (call) => activityBlog(call.ctx, call.viewer.user.id, call.params.blogName),
});

/** A blog's activity (spec 1 §3, §4): for its owner only. */
export const activityEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/activity/:blogName',
    area: 'activity',
    summary: "A page of the blog's notifications, newest first, for its owner only.",
    access: 'user',
    params: blogParams,
    query: activityPageQuery,
    answer: activityPageSchema,
    paging: { cursor: 'before', description: 'The id of the last notification of the page.' },
    loads: { blog: activityBlogFrom() },
    handle: async ({ ctx, viewer, query, reply, loaded }) => {
      reply.header('cache-control', 'no-store');
      return activityPage(ctx, viewer.user.id, loaded.blog, query.before ?? null);
    },
  }),
  endpoint({
    method: 'POST',
    path: '/svc/activity/:blogName/seen',
    area: 'activity',
    summary: "Marks the blog's activity seen up to a notification: never back, nor past its newest.",
    access: 'user',
    params: blogParams,
    body: activitySeenSchema,
    answer: activitySeenAnswerSchema,
    loads: { blog: activityBlogFrom() },
    handle: ({ ctx, viewer, body, loaded }) => markActivitySeen(ctx, viewer.user.id, loaded.blog, body.id),
  }),
];
