import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idProblem, idRangeMessage, idText } from '../../shared/ids';
import { normalizeTag } from '../../shared/tags';
import {
  SEARCH_POST_TYPES,
  SEARCH_SCOPES,
  SEARCH_SORTS,
  SITE_SEARCH,
  type BlogSearchPage,
  type PostSearchPage,
} from '../../shared/search/site';
import type { AppContext } from '../context';
import { ok, parse } from '../http/envelope';
import { invalidField } from '../http/errors';
import { requireViewer } from '../http/session';
import { blogView } from '../hydration/blog-views';
import { hydrate, hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { readerSafeMode } from '../safe-mode';
import { searchBlogIds } from './blogs-search';
import { parseTopCursor, searchOwnIds, searchPostIds } from './posts-search';

const q = z
  .string({ error: 'Say what to search for: q is missing.' })
  .trim()
  .min(1, 'Say what to search for: q is empty.')
  .max(SITE_SEARCH.maxQueryLength, `Keep the search to ${SITE_SEARCH.maxQueryLength} characters or fewer.`);
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of: ${values.join(', ')}.` }).optional();
const NOT_OURS = 'The before cursor is not one this server gave out.';
const cursor = idText('before', { missing: 'before must be text.', digits: NOT_OURS }).optional();
const flag = z.enum(['true', 'false', '1', '0'], { error: 'filter_nsfw must be true or false.' }).optional();

const postsQuery = z.object({
  q,
  sort: oneOf('sort', SEARCH_SORTS),
  filter_post_type: oneOf('filter_post_type', SEARCH_POST_TYPES),
  filter_nsfw: flag,
  scope: oneOf('scope', SEARCH_SCOPES),
  // An id for recent, a #tag and "your stuff"; `{notes}_{publish_id}` for top (checked below).
  before: z.string({ error: 'before must be text.' }).optional(),
});
const blogsQuery = z.object({ q, before: cursor });

/** A cursor of a top or blogs page is an offset: one this server never gave out is refused. */
const offsetOf = (before: string | undefined, max: number) => {
  if (before === undefined) return 0;
  const offset = Number(before);
  if (offset > max) throw invalidField('before', 'The before cursor is not one this server gave out.');
  return offset;
};

export function siteSearchRoutes(app: FastifyInstance, ctx: AppContext) {
  const publicUrl = ctx.config.publicUrl;

  // Site search over posts: anyone; "your stuff" (scope=mine) with a session, the viewer's own only.
  app.get('/svc/search/posts', async (request) => {
    const input = parse(postsQuery, request.query);
    const viewer = input.scope === 'mine' ? requireViewer(request) : request.viewer;
    const viewerUserId = viewer?.user.id ?? null;
    const postType = input.filter_post_type ?? 'any';
    const sort = input.sort ?? 'recent';
    const tag = input.q.startsWith('#') ? normalizeTag(input.q) : null;
    if (tag === '') throw invalidField('q', 'Say which tag to search for after the #.');
    const top = sort === 'top' && tag === null && input.scope !== 'mine';
    if (input.before !== undefined) {
      const problem = top ? (parseTopCursor(input.before) === null ? 'digits' : null) : idProblem(input.before);
      if (problem) throw invalidField('before', problem === 'range' ? idRangeMessage('before') : NOT_OURS);
    }
    // Safe mode is the site's rule for this reader (safe-mode.ts): the filter can turn safe search
    // on, never off. One's own posts ("your stuff") are never hidden from oneself.
    const safeMode = input.scope !== 'mine' && (input.filter_nsfw === 'true' || input.filter_nsfw === '1' || (await readerSafeMode(ctx.db, viewer)));
    const page =
      input.scope === 'mine'
        ? await searchOwnIds(ctx.db, viewerUserId!, tag ?? input.q, postType, input.before ?? null)
        : await searchPostIds(ctx.db, { words: input.q, tag, sort, postType, safeMode, viewerUserId, before: input.before ?? null });
    const hydrated = await hydratePosts(ctx.db, page.ids, viewerUserId);
    return ok<PostSearchPage>({ posts: postViews(page.ids, hydrated, viewerUserId, publicUrl), next: page.next });
  });

  // Blogs by name or title: anyone; blogs across a block from the viewer are left out.
  app.get('/svc/search/blogs', async (request) => {
    const input = parse(blogsQuery, request.query);
    const viewerUserId = request.viewer?.user.id ?? null;
    const page = await searchBlogIds(ctx.db, input.q.replace(/^#+/, '').trim() || input.q, viewerUserId, offsetOf(input.before, SITE_SEARCH.maxBlogResults));
    const hydrated = await hydrate(ctx.db, { viewerUserId, blogIds: page.ids });
    const blogs = page.ids.flatMap((id) => {
      const row = hydrated.blogs.get(id);
      return row ? [blogView(row, publicUrl, null)] : [];
    });
    return ok<BlogSearchPage>({ blogs, next: page.next });
  });
}
