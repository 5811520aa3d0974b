import { matchPageRoute, type PageRoute } from '../shared/routes';
import { blogByName } from './hydration/blogs';
import type { AppContext } from './context';
import type { Viewer } from './http/session';
import { AppError } from './http/errors';
import { viewablePost } from './posts/permalink';
import { hiddenBySuspension } from './visibility';

type PageCheck = (ctx: AppContext, viewer: Viewer | null, params: Record<string, string>) => Promise<boolean>;

/**
 * Pages that name something: does it exist for this viewer? The same rules as the API the page
 * reads, so the HTML's status and what the page then shows agree.
 */
const blogShown: PageCheck = async (ctx, viewer, { name }) => {
  const blog = await blogByName(ctx.db, name);
  return Boolean(blog && !hiddenBySuspension(blog, viewer?.user.id ?? null));
};

const PAGE_CHECKS: Partial<Record<PageRoute, PageCheck>> = {
  blog: blogShown,
  blogAsk: blogShown,
  blogSubmit: blogShown,
  // The inbox is its owner's alone (GET /svc/blog/{name}/inbox answers anyone else 404).
  inbox: async (ctx, viewer, { name }) => {
    const blog = await blogByName(ctx.db, name);
    return Boolean(blog && viewer && blog.user_id === viewer.user.id);
  },
  post: async (ctx, viewer, { name, postId }) => {
    try {
      await viewablePost(ctx, viewer, name, postId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return false;
      throw error;
    }
  },
};

/**
 * The status the client's index.html is served with for a path: 404 when no client route matches
 * (the router's own list, src/shared/routes.ts) or the blog or post the page names is unknown or
 * hidden from the viewer; 200 otherwise. The page itself then says what is missing.
 */
export async function pageStatus(ctx: AppContext, viewer: Viewer | null, pathname: string): Promise<200 | 404> {
  const match = matchPageRoute(pathname);
  if (!match) return 404;
  const check = PAGE_CHECKS[match.route];
  return !check || (await check(ctx, viewer, match.params)) ? 200 : 404;
}
