// Blogs as the client reads them: blog data, the blog card and the owner's settings.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlogSettingsInput } from '../../shared/blog-settings';
import type { Blog, BlogCardData, FollowState } from '../../shared/types';
import { apiGet, apiPost } from './client';
import { userKeys } from './user';

export type BlogData = Blog & FollowState;

// Every cached blog lives under ['blogs', ...]: follow changes patch them all (api/follows.ts).
export const blogKeys = {
  all: ['blogs'] as const,
  data: (name: string) => ['blogs', 'data', name] as const,
  card: (name: string) => ['blogs', 'card', name] as const,
};

/** What a card may already know of a blog: at least its name (a post's blog knows a little more). */
export type BlogSeed = Pick<Blog, 'name'> & Partial<Blog>;

/**
 * Spec 1 §7: a blog whose data is already complete (avatar and theme known) needs only its
 * highlighted posts; otherwise the popover call fetches it all. Both answer the card's data here.
 */
export function cardDataUrl(blog: BlogSeed): string {
  const name = encodeURIComponent(blog.name);
  if (blog.avatar_url && blog.global_theme_params) return `/svc/${name}/posts/highlighted`;
  return `/svc/tumblelog_popover/${name}?is_tumblelog_popover=true&is_user_mention=false`;
}

export function useBlogCard(blog: BlogSeed, enabled: boolean) {
  return useQuery({
    queryKey: blogKeys.card(blog.name),
    queryFn: () => apiGet<BlogCardData>(cardDataUrl(blog)),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /svc/data/tumblelog: the blog with the viewer's follow state. */
export function useBlogData(name: string) {
  return useQuery({
    queryKey: blogKeys.data(name),
    queryFn: () => apiGet<BlogData>(`/svc/data/tumblelog?tumblelog=${encodeURIComponent(name)}`),
    staleTime: 30_000,
  });
}

export function useSaveBlogSettings(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: BlogSettingsInput) => apiPost<Blog>(`/svc/blog/${encodeURIComponent(name)}/settings`, change),
    onSuccess: (blog) => {
      // The owner's follow state of their own blog does not change: keep what the caches hold.
      queryClient.setQueryData<BlogData>(blogKeys.data(name), (old) => (old ? { ...old, ...blog } : old));
      queryClient.setQueryData<BlogCardData>(blogKeys.card(name), (old) => (old ? { ...old, ...blog } : old));
      // User info lists the owner's blogs with their titles.
      void queryClient.invalidateQueries({ queryKey: userKeys.info });
    },
  });
}
