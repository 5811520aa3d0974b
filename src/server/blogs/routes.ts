import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createBlogSchema, queueSettingsSchema, selectBlogSchema } from '../../shared/account';
import { tumblelogIncludeQuery } from '../../shared/activity/schemas';
import { AVATAR_SIZES } from '../../shared/constants';
import { tumblelogOwnerData } from '../activity/service';
import type { AppContext } from '../context';
import { NOT_FOLLOWING, relationTo as followState } from '../rules/blogs';
import { ok, parse } from '../http/envelope';
import { blogNotFound, invalidField } from '../http/errors';
import { requireViewer } from '../http/session';
import { hiddenBySuspension } from '../visibility';
import { nextQueueSlot } from '../queue-slots';
import { avatarPng, uploadedAvatar } from './avatar';
import { avatarVersion } from '../hydration/avatar-url';
import { blogCardRoutes } from './card';
import { blogByName } from '../hydration/blogs';
import { createBlog, selectBlog } from './service';
import { blogSettingsRoutes } from './settings';
import { blogView, channelView, ownerMessagingSettings } from '../hydration/blog-views';

const tumblelogQuery = z.object({
  tumblelog: z.string({ error: 'Say which blog: the tumblelog parameter is missing.' }).min(1, 'Say which blog: the tumblelog parameter is empty.'),
});

export function blogRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post('/svc/blog/create', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(createBlogSchema, request.body);
    const blog = await createBlog(ctx, viewer.user.id, input.name, input.title);
    return ok({
      blog: channelView(blog, ctx.config.publicUrl, { ...viewer.user, current_blog_id: blog.id }),
    });
  });

  app.post('/svc/blog/select', async (request) => {
    const viewer = requireViewer(request);
    const { tumblelog } = parse(selectBlogSchema, request.body);
    const blog = await selectBlog(ctx, viewer.user.id, tumblelog);
    return ok({ blog: channelView(blog, ctx.config.publicUrl, { ...viewer.user, current_blog_id: blog.id }) });
  });

  app.get('/svc/data/tumblelog', async (request) => {
    const { tumblelog } = parse(tumblelogQuery, request.query);
    const includes = parse(tumblelogIncludeQuery, request.query);
    const blog = await blogByName(ctx.db, tumblelog);
    if (!blog || hiddenBySuspension(blog, request.viewer?.user.id ?? null)) throw blogNotFound(tumblelog);
    // Logged in, one more query: the viewer's follow of this blog and its subscription. The
    // include_ flags add the owner's data (activity/service.ts), and nothing for anyone else.
    const [state, ownerData] = await Promise.all([
      request.viewer ? followState(ctx.db, request.viewer.user.id, blog) : NOT_FOLLOWING,
      tumblelogOwnerData(ctx, request.viewer?.user ?? null, blog, includes),
    ]);
    const own = request.viewer?.user.id === blog.user_id ? ownerMessagingSettings(blog) : {};
    return ok({ ...blogView(blog, ctx.config.publicUrl, request.viewer?.user.current_blog_id ?? null), ...own, ...state, ...ownerData });
  });

  /** One of the viewer's own blogs; anyone else's is "not found". */
  const ownBlog = async (userId: string, name: string) => {
    const blog = await blogByName(ctx.db, name);
    if (!blog || blog.user_id !== userId) throw blogNotFound(name);
    return blog;
  };
  const queueView = (b: { queue_per_day: number; queue_start_hour: number; queue_end_hour: number; queue_next_at: Date | null }) => ({
    posts_per_day: b.queue_per_day,
    start_hour: b.queue_start_hour,
    end_hour: b.queue_end_hour,
    next_publish_at: b.queue_next_at?.toISOString() ?? null,
  });

  app.get('/svc/blog/queue_settings', async (request) => {
    const viewer = requireViewer(request);
    const { tumblelog } = parse(tumblelogQuery, request.query);
    return ok(queueView(await ownBlog(viewer.user.id, tumblelog)));
  });

  app.post('/svc/blog/queue_settings', async (request) => {
    const viewer = requireViewer(request);
    const input = parse(queueSettingsSchema, request.body);
    const blog = await ownBlog(viewer.user.id, input.tumblelog);
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('blogs')
        .set({ queue_per_day: input.posts_per_day, queue_start_hour: input.start_hour, queue_end_hour: input.end_hour })
        .where('id', '=', blog.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      // New slots: the next one is recomputed from now, if anything is waiting.
      if (!row.queue_next_at) return row;
      return trx
        .updateTable('blogs')
        .set({ queue_next_at: nextQueueSlot(row, new Date()) })
        .where('id', '=', blog.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
    return ok(queueView(updated));
  });

  const avatarDir = path.join(ctx.dataDir, 'avatars');
  app.get<{ Params: { name: string; size: string }; Querystring: { v?: unknown } }>('/svc/avatar/:name/:size', async (request, reply) => {
    const size = /^\d+$/.test(request.params.size) ? Number(request.params.size) : NaN;
    if (!(AVATAR_SIZES as readonly number[]).includes(size)) {
      throw invalidField('size', `Avatar sizes are ${AVATAR_SIZES.join(', ')}.`);
    }
    const blog = await blogByName(ctx.db, request.params.name);
    if (!blog) throw blogNotFound(request.params.name);
    // The address the server gives carries the picture's version (avatar-url.ts): under it the
    // picture never changes, so it is kept for a year. Without it, or with an old one, browsers ask
    // again every time and mostly hear 304.
    const version = avatarVersion(blog);
    const uploaded = blog.avatar_path ? await uploadedAvatar(ctx.media, avatarDir, blog.avatar_path, size) : null;
    const etag = `"${version}-${size}"`;
    // A lost upload shows the generated picture for now: not to be kept under the upload's version.
    const lasting = request.query.v === version && (uploaded !== null || !blog.avatar_path);
    reply.header('cache-control', lasting ? 'public, max-age=31536000, immutable' : 'no-cache').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (uploaded) return reply.type('image/webp').send(uploaded);
    return reply.type('image/png').send(await avatarPng(avatarDir, blog.uuid, size));
  });

  blogCardRoutes(app, ctx);
  blogSettingsRoutes(app, ctx);
}
