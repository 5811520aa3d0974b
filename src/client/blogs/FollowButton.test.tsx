import { skipToken, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlogCardData } from '../../shared/types';
import { blogKeys } from '../api/blogs';
import { useFollow } from '../api/follows';
import { postKeys, postRoots, usePostPages } from '../api/posts';
import { userKeys } from '../api/user';
import { mockServer, type Call } from '../test/test-utils';
import { ToastHost } from '../ui/toast';
import { FollowButton, SubscribeToggle } from './FollowButton';
import { cardData, envelope, newQueryClient, renderApp, viewerInfo } from '../follows/test-support';

afterEach(() => vi.restoreAllMocks());

/** The blog as the card's cache holds it, with its buttons: what a person sees change. */
function CachedBlog({ name }: { name: string }) {
  const { data } = useQuery<BlogCardData>({ queryKey: blogKeys.card(name), queryFn: skipToken });
  if (!data) return null;
  return (
    <div data-testid="blog" data-following={String(data.following)} data-can-subscribe={String(data.can_subscribe)} data-subscribed={String(data.is_subscribed)}>
      <FollowButton blog={data} source="blog_card" />
      <SubscribeToggle blog={data} />
    </div>
  );
}

/** A server whose answers to follow calls wait until the test lets them go. */
function deferredServer() {
  const waiting: { call: Call; answer: (res: Response) => void }[] = [];
  const calls = mockServer((call) => {
    if (call.url === '/svc/user/info') return envelope(viewerInfo({ friend_count: 1 }));
    return new Promise<Response>((resolve) => waiting.push({ call, answer: resolve }));
  });
  return { calls, waiting };
}

const blogState = () => {
  const el = screen.getByTestId('blog');
  return { following: el.dataset.following, can_subscribe: el.dataset.canSubscribe, is_subscribed: el.dataset.subscribed };
};

describe('Follow: optimistic, serialized, rolled back', () => {
  it('marks the dashboard stale once a follow is answered: the blog’s posts come or go', async () => {
    mockServer(() => envelope({ following: true, can_subscribe: true, is_subscribed: false }));
    const queryClient = newQueryClient();
    queryClient.setQueryData(userKeys.info, viewerInfo());
    queryClient.setQueryData(postKeys.page(postRoots.dashboard), { pages: [{ posts: [], next: null }], pageParams: ['0'] });
    const { result } = renderHook(() => useFollow('writer'), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    expect(queryClient.getQueryState(postKeys.page(postRoots.dashboard))?.isInvalidated).toBe(false);
    await act(() => result.current.mutateAsync(true));
    expect(queryClient.getQueryState(postKeys.page(postRoots.dashboard))?.isInvalidated).toBe(true);
  });

  it('leaves the dashboard on screen as it is: unfollowing from a card neither refetches it nor moves it (issue 25.7)', async () => {
    let dashboardLoads = 0;
    mockServer((call) => {
      if (call.url.startsWith('/svc/post/dashboard')) {
        dashboardLoads += 1;
        return envelope({ posts: [], next: null });
      }
      return envelope({ following: false, can_subscribe: false, is_subscribed: false });
    });
    const queryClient = newQueryClient();
    queryClient.setQueryData(userKeys.info, viewerInfo());
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    // The dashboard's list, on screen.
    const onScreen = renderHook(() => usePostPages(postRoots.dashboard, 'before'), { wrapper });
    await waitFor(() => expect(onScreen.result.current.isSuccess).toBe(true));
    expect(dashboardLoads).toBe(1);
    const { result } = renderHook(() => useFollow('writer'), { wrapper });
    await act(() => result.current.mutateAsync(false));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(dashboardLoads).toBe(1);
    expect(queryClient.getQueryState(postKeys.page(postRoots.dashboard))?.isInvalidated).toBe(true);
    // Opened again later, it loads afresh, without the blog.
    onScreen.unmount();
    renderHook(() => usePostPages(postRoots.dashboard, 'before'), { wrapper });
    await waitFor(() => expect(dashboardLoads).toBe(2));
  });

  it('turns to Unfollow at once, and back when the call fails with a 500', async () => {
    const { calls, waiting } = deferredServer();
    const queryClient = newQueryClient();
    queryClient.setQueryData(blogKeys.card('writer'), cardData('writer'));
    queryClient.setQueryData(blogKeys.data('writer'), cardData('writer'));
    renderApp(<CachedBlog name="writer" />, { queryClient });

    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    // Before the server answers (it holds every answer here): following, and the bell is offered.
    await waitFor(() => expect(blogState()).toEqual({ following: 'true', can_subscribe: 'true', is_subscribed: 'false' }));
    expect(screen.getByRole('button', { name: 'Unfollow' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Get notified of new posts from writer' })).toBeTruthy();
    // Every cache holding the blog changed, not only the one on screen.
    expect(queryClient.getQueryData<BlogCardData>(blogKeys.data('writer'))?.following).toBe(true);
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect(waiting[0]!.call).toMatchObject({ url: '/svc/follow', method: 'POST', body: { tumblelog: 'writer', source: 'blog_card' } });

    await act(async () => waiting[0]!.answer(envelope({}, 500)));
    await waitFor(() => expect(blogState()).toEqual({ following: 'false', can_subscribe: 'false', is_subscribed: 'false' }));
    expect(screen.getByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /notified/ })).toBeNull();
    expect(queryClient.getQueryData<BlogCardData>(blogKeys.data('writer'))?.following).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong on our side. Please try again later.');
    // friend_count is read again from the server after the change.
    await waitFor(() => expect(calls.some((c) => c.url === '/svc/user/info')).toBe(true));
  });

  it('rejects the failed call’s promise, and sends the next call only after the first answered, when still needed', async () => {
    const { waiting } = deferredServer();
    const queryClient = newQueryClient();
    queryClient.setQueryData(userKeys.info, viewerInfo());
    queryClient.setQueryData(blogKeys.card('writer'), cardData('writer', { following: true, can_subscribe: true, is_subscribed: true }));
    const { result } = renderHook(() => useFollow('writer'), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });

    let unfollow!: Promise<unknown>;
    let follow!: Promise<unknown>;
    act(() => {
      unfollow = result.current.mutateAsync(false);
      follow = result.current.mutateAsync(true);
    });
    const settled = Promise.allSettled([unfollow, follow]);
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect(waiting[0]!.call.url).toBe('/svc/unfollow');
    // Unfollowing clears the subscription too; then the follow shows at once (not yet subscribed).
    expect(queryClient.getQueryData<BlogCardData>(blogKeys.card('writer'))).toMatchObject({ following: true, can_subscribe: true, is_subscribed: false });

    await act(async () => waiting[0]!.answer(envelope({}, 500)));
    const [first, second] = await settled;
    expect(first.status).toBe('rejected');
    // The server still says "following": the follow needs no call, and answers that state.
    expect(second).toEqual({ status: 'fulfilled', value: { following: true, can_subscribe: true, is_subscribed: true } });
    expect(waiting).toHaveLength(1);
    expect(queryClient.getQueryData<BlogCardData>(blogKeys.card('writer'))).toMatchObject({ following: true, is_subscribed: true });
  });

  it('sends a follow queued behind an unfollow once the unfollow went through', async () => {
    const { waiting } = deferredServer();
    const queryClient = newQueryClient();
    queryClient.setQueryData(userKeys.info, viewerInfo());
    queryClient.setQueryData(blogKeys.card('writer'), cardData('writer', { following: true, can_subscribe: true, is_subscribed: true }));
    const { result } = renderHook(() => useFollow('writer'), {
      wrapper: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
    });
    let follow!: Promise<unknown>;
    act(() => {
      void result.current.mutateAsync(false);
      follow = result.current.mutateAsync(true);
    });
    await waitFor(() => expect(waiting).toHaveLength(1));
    await act(async () => waiting[0]!.answer(envelope({ following: false, can_subscribe: false, is_subscribed: false })));
    await waitFor(() => expect(waiting).toHaveLength(2));
    expect(waiting[1]!.call.url).toBe('/svc/follow');
    // Until it answers, the follow shows: the state the server confirmed with the waiting wish on top.
    expect(queryClient.getQueryData<BlogCardData>(blogKeys.card('writer'))).toMatchObject({ following: true, is_subscribed: false });
    await act(async () => waiting[1]!.answer(envelope({ following: true, can_subscribe: true, is_subscribed: false })));
    await expect(follow).resolves.toEqual({ following: true, can_subscribe: true, is_subscribed: false });
  });

  it('subscribes with the bell while following, and takes it back when the call fails', async () => {
    const { waiting } = deferredServer();
    const queryClient = newQueryClient();
    queryClient.setQueryData(blogKeys.card('writer'), cardData('writer', { following: true, can_subscribe: true }));
    renderApp(<CachedBlog name="writer" />, { queryClient });
    const bell = screen.getByRole('button', { name: 'Get notified of new posts from writer' });
    expect(bell.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bell);
    await waitFor(() => expect(blogState().is_subscribed).toBe('true'));
    await waitFor(() => expect(waiting).toHaveLength(1));
    expect(waiting[0]!.call).toMatchObject({ url: '/svc/blog/writer/subscription', method: 'POST' });
    await act(async () => waiting[0]!.answer(envelope({}, 500)));
    await waitFor(() => expect(blogState().is_subscribed).toBe('false'));
  });
});

describe('Unfollow acts at once, with Undo', () => {
  it('unfollows without a question, and the toast offers Undo for a few seconds', async () => {
    const calls = mockServer((call) =>
      call.url === '/svc/unfollow' ? envelope({ following: false, can_subscribe: false, is_subscribed: false }) : envelope(viewerInfo()),
    );
    const queryClient = newQueryClient();
    queryClient.setQueryData(blogKeys.card('writer'), cardData('writer', { following: true, can_subscribe: true }));
    renderApp(
      <>
        <CachedBlog name="writer" />
        <ToastHost />
      </>,
      { queryClient },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Unfollow' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('You unfollowed writer.');
    await waitFor(() => expect(calls.filter((c) => c.url === '/svc/unfollow').map((c) => c.body)).toEqual([{ tumblelog: 'writer', source: 'blog_card' }]));
    // Left alone (here dismissed), the unfollow stands and nothing more is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(blogState().following).toBe('false');
    expect(calls.filter((c) => c.url === '/svc/follow')).toHaveLength(0);
  });

  it('shows no button on the viewer’s own blog', () => {
    mockServer(() => envelope({}));
    const queryClient = newQueryClient();
    queryClient.setQueryData(blogKeys.card('ann'), cardData('ann'));
    renderApp(<CachedBlog name="ann" />, { queryClient });
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });

  it('shows no button across a block (the server would refuse the follow)', async () => {
    mockServer(() => envelope({}));
    const queryClient = newQueryClient();
    queryClient.setQueryData(blogKeys.card('writer'), cardData('writer', { is_blocked: true }));
    renderApp(<CachedBlog name="writer" />, { queryClient });
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    act(() => void queryClient.setQueryData(blogKeys.card('writer'), cardData('writer', { is_blocked: false })));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
  });

  it('sends a logged-out visitor to /follow/{name}', () => {
    const calls = mockServer(() => envelope({}));
    const queryClient = newQueryClient();
    queryClient.setQueryData(blogKeys.card('writer'), cardData('writer'));
    renderApp(<CachedBlog name="writer" />, { queryClient, viewer: null });
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByTestId('location').textContent).toBe('/follow/writer');
    expect(calls).toHaveLength(0);
  });
});
