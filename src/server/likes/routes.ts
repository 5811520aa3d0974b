import { postPageSchema } from '../../shared/answers/post';
import { endpoint } from '../http/endpoint';
import { beforeQuery } from '../http/paging';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { likedPage } from './queries';

export const likeEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/user/likes',
    area: 'likes',
    summary: "The viewer's own likes, most recently liked first. Nobody else's list is readable.",
    access: 'user',
    query: beforeQuery,
    answer: postPageSchema,
    paging: { cursor: 'before' },
    handle: async ({ ctx, viewer, query }) => {
      const page = await likedPage(ctx.db, viewer.user.id, query.before);
      const hydrated = await hydratePosts(ctx.db, page.ids, viewer.user.id);
      return { posts: postViews(page.ids, hydrated, viewer.user.id, ctx.config.publicUrl), next: page.next };
    },
  }),
];
