import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PostPage } from '../../shared/posts/types';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { requireViewer } from '../http/session';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { likedPage } from './queries';

const pageQuery = z.object({ before: z.string({ error: 'before must be text.' }).optional() });

export function likeListRoutes(app: FastifyInstance, ctx: AppContext) {
  // The viewer's own likes: nobody else's list is readable.
  app.get('/svc/user/likes', async (request) => {
    const viewer = requireViewer(request);
    const { before } = parse(pageQuery, request.query);
    const page = await likedPage(ctx.db, viewer.user.id, before);
    const hydrated = await hydratePosts(ctx.db, page.ids, viewer.user.id);
    return ok<PostPage>({ posts: postViews(page.ids, hydrated, viewer.user.id, ctx.config.publicUrl), next: page.next });
  });
}
