// Site search (docs/api.md "Finding things"): public posts by their words or a #tag, the viewer's
// own stuff, and blogs by name or title.
import { z } from 'zod';
import { blogSearchPageSchema, postSearchPageSchema } from '../../shared/answers/search';
import { idProblem, idRangeMessage } from '../../shared/ids';
import { normalizeTag } from '../../shared/tags';
import { SEARCH_POST_TYPES, SEARCH_SCOPES, SEARCH_SORTS, SITE_SEARCH } from '../../shared/search/site';
import { endpoint } from '../http/endpoint';
import { ErrorCode, invalidField, notLoggedIn } from '../http/errors';
import { beforeQuery, NOT_OUR_CURSOR, readCursor } from '../http/paging';
import { blogView } from '../hydration/blog-views';
import { hydrate, hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { readerSafeMode } from '../safe-mode';
import { searchBlogIds } from './blogs-search';
import { readTopCursor, searchOwnIds, searchPostIds } from './posts-search';

const q = z
  .string({ error: 'Say what to search for: q is missing.' })
  .trim()
  .min(1, 'Say what to search for: q is empty.')
  .max(SITE_SEARCH.maxQueryLength, `Keep the search to ${SITE_SEARCH.maxQueryLength} characters or fewer.`);
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of: ${values.join(', ')}.` }).optional();
const flag = z.enum(['true', 'false', '1', '0'], { error: 'filter_nsfw must be true or false.' }).optional();

const postsQuery = z.object({
  q,
  sort: oneOf('sort', SEARCH_SORTS),
  filter_post_type: oneOf('filter_post_type', SEARCH_POST_TYPES),
  filter_nsfw: flag,
  scope: oneOf('scope', SEARCH_SCOPES),
  // A post's feed position for recent, a #tag and "your stuff"; `{notes}_{publish_id}` for top (checked below).
  before: z.string({ error: 'before must be text.' }).optional(),
});
const blogsQuery = z.object({ q, ...beforeQuery.shape });

/** A recent page's cursor is a post's feed position (docs/api.md): an id, or the 400 that says why not. */
function checkPositionCursor(before: string) {
  const problem = idProblem(before);
  if (problem) throw invalidField('before', problem === 'range' ? idRangeMessage('before') : NOT_OUR_CURSOR);
}

/** Where a page of blogs starts: the offset the previous page gave out as its `next` (http/paging.ts). */
function blogsOffset(before: string | undefined): number {
  const parts = readCursor(before, 1);
  if (!parts) return 0;
  const offset = Number(parts[0]);
  if (offset > SITE_SEARCH.maxBlogResults) throw invalidField('before', NOT_OUR_CURSOR);
  return offset;
}

export const siteSearchEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/search/posts',
    area: 'search',
    summary: 'Site search over public posts by their words or a #tag, recent or top; "your stuff" (scope=mine) searches the viewer\'s own posts and likes.',
    access: 'anyone',
    query: postsQuery,
    answer: postSearchPageSchema,
    paging: { cursor: 'before', description: "`next` of the previous page: a post's feed position, or `{notes}_{position}` for top." },
    errors: [ErrorCode.notLoggedIn],
    handle: async ({ ctx, viewer, query: input }) => {
      // "Your stuff" needs a session; the rest is open to anyone.
      if (input.scope === 'mine' && !viewer) throw notLoggedIn();
      const viewerUserId = viewer?.user.id ?? null;
      const postType = input.filter_post_type ?? 'any';
      const sort = input.sort ?? 'recent';
      const tag = input.q.startsWith('#') ? normalizeTag(input.q) : null;
      if (tag === '') throw invalidField('q', 'Say which tag to search for after the #.');
      const top = sort === 'top' && tag === null && input.scope !== 'mine';
      if (input.before !== undefined) {
        if (top) readTopCursor(input.before);
        else checkPositionCursor(input.before);
      }
      // Safe mode is the site's rule for this reader (safe-mode.ts): the filter can turn safe search
      // on, never off. One's own posts ("your stuff") are never hidden from oneself.
      const safeMode = input.scope !== 'mine' && (input.filter_nsfw === 'true' || input.filter_nsfw === '1' || (await readerSafeMode(ctx.db, viewer)));
      const page =
        input.scope === 'mine'
          ? await searchOwnIds(ctx.db, viewerUserId!, tag ?? input.q, postType, input.before ?? null)
          : await searchPostIds(ctx.db, { words: input.q, tag, sort, postType, safeMode, viewerUserId, before: input.before ?? null });
      const hydrated = await hydratePosts(ctx.db, page.ids, viewerUserId);
      return { posts: postViews(page.ids, hydrated, viewerUserId, ctx.config.publicUrl), next: page.next };
    },
  }),

  endpoint({
    method: 'GET',
    path: '/svc/search/blogs',
    area: 'search',
    summary: 'Blogs whose name or title holds the words: an exact name first, then names starting with them; blogs across a block left out.',
    access: 'anyone',
    query: blogsQuery,
    answer: blogSearchPageSchema,
    paging: { cursor: 'before', description: "`next` of the previous page (up to 200 results)." },
    handle: async ({ ctx, viewer, query: input }) => {
      const viewerUserId = viewer?.user.id ?? null;
      const page = await searchBlogIds(ctx.db, input.q.replace(/^#+/, '').trim() || input.q, viewerUserId, blogsOffset(input.before));
      const hydrated = await hydrate(ctx.db, { viewerUserId, blogIds: page.ids });
      const blogs = page.ids.flatMap((id) => {
        const row = hydrated.blogs.get(id);
        return row ? [blogView(row, ctx.config.publicUrl, null)] : [];
      });
      return { blogs, next: page.next };
    },
  }),
];
