import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { TagFollowResponse, TaggedPage } from '../../shared/tags';
import type { PostPage } from '../../shared/posts/types';
import { apiDelete, apiGet, apiPost } from './client';
import { beforePages, postKeys, type PageFetcher } from './posts';

/** The cache name of a tag's list (and of its first page's `following`). */
export const taggedRoot = (tag: string) => `tagged/${tag}`;
export const taggedPages = (tag: string) => beforePages(`/svc/tagged/${encodeURIComponent(tag)}`);
/** Explore is one page: its answer holds the trending tags beside the posts (the page and the mobile drawer's splash). */
export const explorePage: PageFetcher = () => apiGet<PostPage>('/svc/explore');

/** Follows or unfollows a tag; the tag's cached pages take the answer, the dashboard reloads. */
export function useTagFollow(tag: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow
        ? apiPost<TagFollowResponse>(`/svc/tag/${encodeURIComponent(tag)}/follow`)
        : apiDelete<TagFollowResponse>(`/svc/tag/${encodeURIComponent(tag)}/follow`),
    onSuccess: (answer) => {
      client.setQueryData<InfiniteData<TaggedPage, string>>(postKeys.page(taggedRoot(tag)), (data) =>
        data && { ...data, pages: data.pages.map((page) => ({ ...page, following: answer.following })) },
      );
      void client.invalidateQueries({ queryKey: postKeys.page('dashboard') });
    },
  });
}
