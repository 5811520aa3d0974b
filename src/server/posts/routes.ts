import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../shared/constants';
import { blogsOfUser } from '../blogs/queries';
import { channelView } from '../blogs/views';
import type { AppContext } from '../context';
import { ok } from '../http/envelope';
import { requireViewer } from '../http/session';

export function postRoutes(app: FastifyInstance, ctx: AppContext) {
  // What the post form needs before it opens: the blogs it can post to, and the limits.
  app.post('/svc/post/get_post_form_builder_data', async (request) => {
    const viewer = requireViewer(request);
    const blogs = await blogsOfUser(ctx.db, viewer.user.id);
    return ok({
      channels: blogs.map((blog) => channelView(blog, ctx.config.publicUrl, viewer.user)),
      limits: LIMITS,
    });
  });
}
