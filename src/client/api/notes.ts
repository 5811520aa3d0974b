// Post actions (like, fast reblog, reply, promote) and a post's notes: spec 1 §7 "Post action
// calls". Every answer patches the post in each cached feed list that holds it.
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type {
  FastReblogResponse,
  LikeResponse,
  NotesPage,
  PromoteResponse,
  ReplyResponse,
} from '../../shared/notes/types';
import type { PostView } from '../../shared/posts/types';
import { apiGet, apiPost } from './client';
import { patchLists, postKeys, postRoots } from './posts';
import { logDrawerAction } from '../logging/drawer-log';

export const noteKeys = {
  all: ['notes'] as const,
  list: (postId: string) => ['notes', postId] as const,
};

type NotePages = InfiniteData<NotesPage, string>;

/** Changes one post in every cached list that holds it (a post can sit in several feeds). */
export function patchPost(queryClient: QueryClient, postId: string, change: (post: PostView) => Partial<PostView>) {
  const changed = (post: PostView) => Object.entries(change(post)).some(([field, value]) => post[field as keyof PostView] !== value);
  patchLists(
    queryClient,
    () => true,
    (posts) => (posts.some((p) => p.id === postId && changed(p)) ? posts.map((p) => (p.id === postId ? { ...p, ...change(p) } : p)) : posts),
  );
}

/** POST /svc/like or /svc/unlike (spec 1 §7); the caller sets `liked` before and settles after. */
export const sendLike = (post: PostView, liked: boolean, source: string) => {
  logDrawerAction('like', { post_id: post.id, liked });
  return apiPost<LikeResponse>(liked ? '/svc/like' : '/svc/unlike', {
    id: post.id,
    root_id: post.root_id,
    key: post.reblog_key,
    source,
  });
};

/** GET /svc/post/notes: newest first, a page at a time (the `next` of one is the `before` of the next). */
export function useNotes(postId: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: noteKeys.list(postId),
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ post_id: postId });
      if (pageParam) query.set('before', pageParam);
      const page = await apiGet<NotesPage>(`/svc/post/notes?${query}`);
      // The count on the card follows the freshest word on it (a reblog just made, say).
      patchPost(queryClient, postId, () => ({ note_count: page.note_count }));
      return page;
    },
    initialPageParam: '',
    getNextPageParam: (last: NotesPage) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

/** Reblogs at once to the current blog, or to its queue (spec 1 §4: reblogged becomes true after). */
export function useFastReblog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, queue }: { post: PostView; queue: boolean }) =>
      apiPost<FastReblogResponse>('/fast_reblog', { reblog_key: post.reblog_key, reblog_post_id: post.id, queue }),
    // Shown at once, as a like is; a failed reblog puts back what the post showed before.
    onMutate: ({ post }) => patchPost(queryClient, post.id, () => ({ reblogged: true })),
    onError: (_error, { post }) => patchPost(queryClient, post.id, () => ({ reblogged: post.reblogged })),
    onSuccess: (answer, { post }) => {
      logDrawerAction('reblog', { post_id: post.id, queued: answer.state === 'queued' });
      // The footer's count follows at once, as after a like: every cache holding the post.
      patchPost(queryClient, post.id, () => ({ note_count: answer.note_count }));
      // The new post lives in the reblogging blog's lists: read them again. Not the dashboard:
      // reloading every page of it would move the posts under the person's eyes.
      const name = answer.post_tumblelog.name_or_id;
      if (answer.state === 'queued') {
        void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.queue(name)) });
      } else {
        void queryClient.invalidateQueries({ queryKey: postKeys.page(postRoots.blog(name)), exact: true });
        void queryClient.invalidateQueries({ queryKey: noteKeys.list(post.id) });
      }
    },
  });
}

/** POST /svc/reply; the reply goes to the top of the notes at once. */
export function useReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, text, source, photo, photoAlt }: { post: PostView; text: string; source: string; photo?: string; photoAlt?: string }) =>
      apiPost<ReplyResponse>('/svc/reply', {
        reply_text: text,
        // Issue 26.3: one uploaded photo, where the post allows photo replies.
        ...(photo ? { photo, photo_alt: photoAlt ?? '' } : {}),
        post_id: post.id,
        tumblelog: post.blog.name,
        tumblelog_key: post.reblog_key,
        source,
      }),
    onSuccess: ({ note, note_count }, { post }) => {
      patchPost(queryClient, post.id, () => ({ note_count }));
      queryClient.setQueryData<NotePages>(noteKeys.list(post.id), (data) => {
        if (!data || data.pages.length === 0) return data;
        const [first, ...rest] = data.pages;
        return { ...data, pages: [{ ...first!, notes: [note, ...first!.notes], note_count }, ...rest] };
      });
    },
  });
}

/** POST /svc/promote or /svc/unpromote, for the owner's published posts. */
export function usePromote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ post, promote }: { post: PostView; promote: boolean }) =>
      promote
        ? apiPost<PromoteResponse>('/svc/promote', { post_id: post.id, tumblelog_name: post.blog.name, reblog_key: post.reblog_key })
        : apiPost<PromoteResponse>('/svc/unpromote', { post_id: post.id }),
    onSuccess: ({ is_promoted }, { post }) => patchPost(queryClient, post.id, () => ({ is_promoted })),
  });
}
