// Blocks (spec 1 §4, §7): a blog blocks another after the spec's confirm (blocks/confirm-block.ts).
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BlockAnswer, BlockedPage } from '../../shared/moderation';
import { blogKeys } from './blogs';
import { apiGet, apiPost } from './client';
import { followKeys } from './follows';
import { postKeys } from './posts';
import { userKeys } from './user';

export const blockKeys = {
  all: ['blocks'] as const,
  list: (tumblelog: string) => ['blocks', 'list', tumblelog] as const,
};

export interface BlockRequest {
  /** The blocking blog: one of the viewer's own. */
  tumblelog: string;
  /** The blog to block, by name or through one of its posts. */
  blocked_tumblelog?: string;
  blocked_post?: string;
  /** Where the block was made (blog_card, post, settings). */
  block_context?: string;
}

export const blockBlog = (request: BlockRequest) => apiPost<BlockAnswer>('/svc/block/add', request);

export const unblockBlog = (tumblelog: string, blockedTumblelog: string) =>
  apiPost<BlockAnswer>('/svc/block/remove', { tumblelog, blocked_tumblelog: blockedTumblelog });

/** The blogs one of the viewer's blogs blocked, newest first, a page at a time. */
export function useBlockedBlogs(tumblelog: string) {
  return useInfiniteQuery({
    queryKey: blockKeys.list(tumblelog),
    queryFn: ({ pageParam }) =>
      apiGet<BlockedPage>(
        `/svc/block/list?tumblelog=${encodeURIComponent(tumblelog)}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: BlockedPage) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

/**
 * What a block changes beyond its list: the follows between the two owners ended (follow states,
 * the following list, friend_count) and their posts left each other's feeds. Read again.
 */
function refreshAfterBlock(queryClient: QueryClient) {
  for (const queryKey of [blockKeys.all, blogKeys.all, followKeys.following, userKeys.info, postKeys.pages]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

export function useBlockBlog() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: blockBlog, onSuccess: () => refreshAfterBlock(queryClient) });
}

export function useUnblockBlog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tumblelog, blocked }: { tumblelog: string; blocked: string }) => unblockBlog(tumblelog, blocked),
    onSuccess: () => refreshAfterBlock(queryClient),
  });
}
