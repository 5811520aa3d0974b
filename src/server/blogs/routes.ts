import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createBlogSchema, selectBlogSchema } from '../../shared/account';
import { AVATAR_SIZES } from '../../shared/constants';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { blogNotFound, invalidField } from '../http/errors';
import { requireViewer } from '../http/session';
import { avatarPng } from './avatar';
import { blogByName } from './queries';
import { createBlog, selectBlog } from './service';
import { blogView, channelView } from './views';

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
    const blog = await blogByName(ctx.db, tumblelog);
    if (!blog) throw blogNotFound(tumblelog);
    return ok(blogView(blog, ctx.config.publicUrl, request.viewer?.user.current_blog_id ?? null));
  });

  const avatarDir = path.join(ctx.dataDir, 'avatars');
  app.get<{ Params: { name: string; size: string } }>('/svc/avatar/:name/:size', async (request, reply) => {
    const size = /^\d+$/.test(request.params.size) ? Number(request.params.size) : NaN;
    if (!(AVATAR_SIZES as readonly number[]).includes(size)) {
      throw invalidField('size', `Avatar sizes are ${AVATAR_SIZES.join(', ')}.`);
    }
    const blog = await blogByName(ctx.db, request.params.name);
    if (!blog) throw blogNotFound(request.params.name);
    const png = await avatarPng(avatarDir, blog.uuid, size);
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
}
