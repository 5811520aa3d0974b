// The blog viewer's server state (STYLE.md pattern 7): the drawer's posts, in-blog search pages
// and tag suggestions. Post pages live under the lists' keys (api/posts.ts) so likes, reblogs and
// edits patch them like every feed; the blog header lives under the blogs' keys so a follow made
// anywhere shows in the drawer.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { BLOG_SEARCH, DRAWER } from '../../shared/blog-viewer/constants';
import type { IndashBlogResponse, PeeprResponse, SurveyAnswerResponse, SurveyOptionView, SurveyView } from '../../shared/blog-viewer/types';
import type { PostPage } from '../../shared/posts/types';
import type { BlogSearchResponse, BlogTypeaheadResponse } from '../../shared/search/blog-search';
import { blogKeys, type BlogData } from '../api/blogs';
import { ApiError, apiGet, apiPost } from '../api/client';
import type { PageFetcher } from '../api/posts';
import { logDrawerEvent } from '../logging/drawer-log';
import type { DrawerRequest } from '../ui/drawer-store';
import { searchParams, type SearchModel } from './search-model';

export type Survey = SurveyView;
export type SurveyOption = SurveyOptionView;

export const blogViewerKeys = {
  /** The drawer's first answer beyond its posts (survey, safe mode), per open request. */
  extras: (root: string) => ['blog-viewer', 'extras', root] as const,
  typeahead: (blogname: string, text: string) => ['blog-viewer', 'typeahead', blogname, text] as const,
};

/** The cache root of a drawer's posts: one per blog, post and bypass. */
export function drawerRoot(request: DrawerRequest, openCount: number): string {
  const post = request.post_id ? `/post/${request.post_id}` : '';
  return `indash_blog/${encodeURIComponent(request.tumblelog_name)}${post}${request.shouldBypassSafeMode ? '?bypass' : ''}#${openCount}`;
}

/** The query string of one page of GET /svc/indash_blog. */
export function indashParams(request: DrawerRequest, pageParam: string): string {
  const single = Boolean(request.post_id);
  const params = new URLSearchParams({
    tumblelog_name_or_id: request.tumblelog_name,
    limit: String(single ? DRAWER.singlePostLimit : DRAWER.pageSize),
  });
  if (request.post_id) params.set('post_id', request.post_id);
  // The first page reads from the start; later ones follow the server's keyset cursor.
  if (pageParam === '0') params.set('offset', '0');
  else params.set('before', pageParam);
  if (request.shouldBypassSafeMode) params.set('should_bypass_safemode', 'true');
  return params.toString();
}

/**
 * Spec 2 §4 Blog collection: 'fetched everything' when a page returns zero or fewer posts than
 * asked; a single post is a timeline of one.
 */
export function nextDrawerPage(answer: Pick<IndashBlogResponse, 'posts' | 'next'>, asked: number): string | null {
  if (answer.posts.length === 0 || answer.posts.length < asked) return null;
  return answer.next ?? null;
}

function seedHeader(queryClient: QueryClient, blog: BlogData | undefined) {
  if (!blog?.name) return;
  // The follow state the drawer shows is the one every cache holds (a follow elsewhere shows here).
  queryClient.setQueryData<BlogData>(blogKeys.data(blog.name), (old) => ({ ...old, ...blog }));
}

/**
 * The drawer's page reader: the first page from GET /svc/indash_blog (which also seeds the header
 * and the extras); later pages of a blog by its keyset cursor, and after a single post the
 * single-post timeline (GET /svc/tumblelog/{name}/peepr), a page size at a time.
 */
export function useDrawerFetcher(request: DrawerRequest, root: string): PageFetcher {
  const fetchDrawerPage = useDrawerPageReader(request, root);
  return useCallback(
    async (pageParam: string): Promise<PostPage> => {
      const blog = request.tumblelog_name;
      try {
        const page = await fetchDrawerPage(pageParam);
        // The first page of a root already shown is a reload (a refetch); later pages paginate.
        const event = pageParam !== '0' ? 'paginate' : loadedRoots.has(root) ? 'reload' : 'load';
        loadedRoots.add(root);
        logDrawerEvent(event, { blog, posts: page.posts.length });
        return page;
      } catch (error) {
        logDrawerEvent('ajax_error', { blog, page: pageParam === '0' ? 'first' : 'next', status: error instanceof ApiError ? error.status : 0 });
        throw error;
      }
    },
    [root, request.tumblelog_name, fetchDrawerPage],
  );
}

/** The roots whose first page has been shown in this page view: the next first page is a reload. */
const loadedRoots = new Set<string>();

function useDrawerPageReader(request: DrawerRequest, root: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (pageParam: string): Promise<PostPage> => {
      if (request.post_id && pageParam !== '0') {
        const params = new URLSearchParams({ before: pageParam, limit: String(DRAWER.pageSize) });
        if (request.shouldBypassSafeMode) params.set('should_bypass_safemode', 'true');
        const timeline = await apiGet<PeeprResponse>(`/svc/tumblelog/${encodeURIComponent(request.tumblelog_name)}/peepr?${params}`);
        return { posts: timeline.posts, next: nextDrawerPage(timeline, DRAWER.pageSize), sponsored: timeline.peepr_ad?.posts ?? [] };
      }
      const answer = await apiGet<IndashBlogResponse>(`/svc/indash_blog?${indashParams(request, pageParam)}`);
      if (pageParam === '0') {
        seedHeader(queryClient, answer.tumblelog);
        queryClient.setQueryData<DrawerExtras>(blogViewerKeys.extras(root), {
          survey: answer.survey ?? [],
          safeModeHidden: Boolean(answer.safe_mode_hidden),
        });
      }
      const asked = request.post_id ? DRAWER.singlePostLimit : DRAWER.pageSize;
      return { posts: answer.posts, next: nextDrawerPage(answer, asked), sponsored: answer.peepr_ad?.posts ?? [] };
    },
    [queryClient, request, root],
  );
}

/** What the drawer's first answer says beyond its posts. */
export interface DrawerExtras {
  survey: Survey[];
  /** Safe mode withholds the blog's posts (spec 2 §6): the overlay shows instead. */
  safeModeHidden: boolean;
}

/** The drawer's extras, once its first page has come (they are set by its fetcher, never fetched alone). */
export function useDrawerExtras(root: string) {
  return useQuery({
    queryKey: blogViewerKeys.extras(root),
    queryFn: (): DrawerExtras => ({ survey: [], safeModeHidden: false }),
    enabled: false,
    staleTime: Infinity,
  });
}

/**
 * The header's blog (GET /svc/indash_blog/header, the blog header model), kept with the blogs'
 * data so that a follow made anywhere shows here; the first page of posts refreshes it too.
 */
export function useDrawerBlog(name: string) {
  return useQuery({
    queryKey: blogKeys.data(name),
    queryFn: () => apiGet<BlogData>(`/svc/indash_blog/header?tumblelog_name_or_id=${encodeURIComponent(name)}`),
    staleTime: 30_000,
  });
}

/** In-blog search pages: next_offset below 0 ends the list (spec 2 §4). */
export function useSearchFetcher(model: SearchModel, onPage: (nextOffset: number) => void): PageFetcher {
  const { blogname, term, limit, sort, post_type, post_role, filter_nsfw } = model;
  return useCallback(
    async (pageParam: string): Promise<PostPage> => {
      const path = `/svc/search/blog_search/${encodeURIComponent(blogname)}/${encodeURIComponent(term)}`;
      const query = searchParams({ limit, sort, post_type, post_role, filter_nsfw }, Number(pageParam));
      const answer = await apiGet<BlogSearchResponse>(`${path}?${query}`);
      onPage(answer.next_offset);
      return { posts: answer.posts, next: answer.next_offset >= 0 ? String(answer.next_offset) : null };
    },
    [blogname, term, limit, sort, post_type, post_role, filter_nsfw, onPage],
  );
}

/** Tags of the blog containing the typed text, most used first (at most 20 shown). */
export function useTagTypeahead(blogname: string, text: string, enabled: boolean) {
  return useQuery({
    queryKey: blogViewerKeys.typeahead(blogname, text),
    queryFn: () =>
      apiGet<BlogTypeaheadResponse>(`/svc/search/blog_search_typeahead/${encodeURIComponent(blogname)}?q=${encodeURIComponent(text)}`),
    select: (answer) => answer.tags.slice(0, BLOG_SEARCH.typeaheadMax).map((item) => item.tag),
    enabled,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    // Spec 2 §8: a failed typeahead shows no message; the list just stays as it was.
    retry: false,
  });
}

/** Spec 2 §7 Survey answer: the option's own method and address, its body_params and the form key. */
export function useSurveyAnswer() {
  return useMutation({
    mutationFn: (option: SurveyOption) =>
      // The link's method is POST (shared/blog-viewer/types.ts); apiPost sends the form key.
      apiPost<SurveyAnswerResponse>(option.link.href, option.link.body_params),
  });
}

/** What the owner changes in the header: the fields of the blog header model the server reads. */
export interface HeaderChange {
  title: string;
  global_theme_params: { title_color: string; background_color: string };
}

/** POST /svc/indash_blog/header: the header model after the save replaces the cached one. */
export function useSaveHeader(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tumblelog: HeaderChange) => apiPost<BlogData>('/svc/indash_blog/header', { tumblelog_name_or_id: name, tumblelog }),
    onSuccess: (header) => seedHeader(queryClient, header),
  });
}
