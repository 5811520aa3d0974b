// In-blog search's calls (spec 2 §7 "In-blog search and appeal"; docs/api.md "In-blog search").
import { z } from 'zod';
import { blogSearchSchema, blogTypeaheadSchema } from '../../shared/answers/search';
import { BLOG_SEARCH, BLOG_SEARCH_POST_ROLES, BLOG_SEARCH_POST_TYPES, BLOG_SEARCH_SORTS, type BlogSearchResponse } from '../../shared/search/blog-search';
import { formFlag } from '../../shared/form-flag';
import { openBlog, type BlogAccess } from '../blog-viewer/access';
import type { AppContext } from '../context';
import { endpoint, type Loader } from '../http/endpoint';
import { AppError, ErrorCode } from '../http/errors';
import type { Viewer } from '../http/session';
import { hydratePosts } from '../hydration/hydrator';
import { postViews } from '../hydration/post-views';
import { blogSearchIds, typeaheadTags } from './blog-search-queries';
import { searchWords } from './search-words';

const number = (field: string, min: number, max: number) => {
  const message = `${field} must be a whole number from ${min} to ${max}.`;
  return z
    .string({ error: message })
    .regex(/^-?\d{1,7}$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
};
const choice = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}.` });

const searchQuery = z.object({
  next_offset: number('next_offset', 0, BLOG_SEARCH.maxOffset).optional(),
  limit: number('limit', 1, BLOG_SEARCH.maxLimit).optional(),
  sort: choice('sort', BLOG_SEARCH_SORTS).optional(),
  post_type: choice('post_type', BLOG_SEARCH_POST_TYPES).optional(),
  post_role: choice('post_role', BLOG_SEARCH_POST_ROLES).optional(),
  filter_nsfw: formFlag('filter_nsfw', { emptyIsOff: true }).optional(),
});
const typeaheadQuery = z.object({
  q: z
    .string({ error: 'q must be the text typed so far.' })
    .max(BLOG_SEARCH.maxTypeaheadLength, `Keep q to ${BLOG_SEARCH.maxTypeaheadLength} characters or fewer.`)
    .optional(),
});

/** Spec 2 §6: with safe mode on, an adult blog cannot be searched. */
const safeModeRefuses = () =>
  new AppError(
    403,
    ErrorCode.notAllowed,
    'Safe Mode is on, and this blog may contain sensitive media. Turn Safe Mode off in your account settings (/settings/account) to search it.',
  );

/** The drawer's blog (blog-viewer/access.ts openBlog), unless safe mode withholds it: then nothing of it is searched. */
const searchableBlog: Loader<{ ctx: AppContext; viewer: Viewer | null; params: { blogName: string } }, BlogAccess> = {
  describe: 'the blog as the viewer may read it (404 for none or one suspended, 403 across a block or while safe mode withholds it)',
  errors: [ErrorCode.blogNotFound, ErrorCode.blocked, ErrorCode.notAllowed],
  load: async (call) => {
    const access = await openBlog(call.ctx, call.viewer, call.params.blogName, false);
    if (access.blogHidden) throw safeModeRefuses();
    return access;
  },
};

const termParams = z.object({
  blogName: z.string(),
  // Checked trimmed: spaces around the words are not the search's.
  term: z
    .string()
    .transform((term) => term.trim())
    .pipe(z.string().max(BLOG_SEARCH.maxTermLength, `Keep the search to ${BLOG_SEARCH.maxTermLength} characters or fewer.`)),
});
const blogParams = z.object({ blogName: z.string() });

/** The term as a tag: what a person means by "#Cats" or " cats ". */
const asTag = (term: string) => term.trim().replace(/^#+/, '').trim().toLowerCase();

export const blogSearchEndpoints = [
  endpoint({
    method: 'GET',
    path: '/svc/search/blog_search/:blogName/:term',
    area: 'search',
    summary: "One blog's posts whose tags, title or text hold the term, newest first or by notes (spec 2 §7 in-blog search).",
    access: 'anyone',
    params: termParams,
    query: searchQuery,
    loads: { access: searchableBlog },
    answer: blogSearchSchema,
    paging: { cursor: 'offset', description: '`next_offset` of the previous page; -1 when there is no more.' },
    handle: async ({ ctx, viewer, params: { term }, query: q, loaded: { access } }) => {
      const offset = q.next_offset ?? 0;
      const limit = q.limit ?? BLOG_SEARCH.pageSize;
      const filterNsfw = q.filter_nsfw ?? false;
      const answer = { term, limit, sort: q.sort ?? 'CREATED_DESC', post_type: q.post_type ?? 'ANY', post_role: q.post_role ?? 'ANY', filter_nsfw: filterNsfw } as const;
      // Spec 2 §5: a term must have length above zero; one with no word or tag in it finds nothing.
      if (searchWords(term).length === 0) return { ...answer, posts: [], next_offset: -1 } satisfies BlogSearchResponse;
      const found = await blogSearchIds(ctx.db, {
        blogId: access.blog.id,
        term,
        tag: asTag(term),
        sort: answer.sort,
        postType: answer.post_type,
        postRole: answer.post_role,
        hideFlagged: filterNsfw || access.hideFlagged,
        ownerReads: access.isOwner,
        offset,
        limit,
      });
      const viewerId = viewer?.user.id ?? null;
      const posts = postViews(found.ids, await hydratePosts(ctx.db, found.ids, viewerId), viewerId, ctx.config.publicUrl);
      // Past the deepest offset served there is no next page, whatever remains.
      const next = offset + limit;
      return { ...answer, posts, next_offset: found.more && next <= BLOG_SEARCH.maxOffset ? next : -1 } satisfies BlogSearchResponse;
    },
  }),

  endpoint({
    method: 'GET',
    path: '/svc/search/blog_search_typeahead/:blogName',
    area: 'search',
    summary: "The blog's tags holding the text typed so far, most used first, as the reader may see them (spec 2 §9: at most 20).",
    access: 'anyone',
    params: blogParams,
    query: typeaheadQuery,
    loads: { access: searchableBlog },
    answer: blogTypeaheadSchema,
    handle: async ({ ctx, query: q, loaded: { access } }) => {
      const audience = access.isOwner ? 'owner' : access.hideFlagged ? 'safe' : 'public';
      const tags = await typeaheadTags(ctx.db, access.blog.id, (q.q ?? '').trim().replace(/^#+/, ''), BLOG_SEARCH.typeaheadMax, audience);
      return { tags: tags.map((tag) => ({ tag })) };
    },
  }),
];
