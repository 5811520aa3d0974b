import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer } from '../test/test-utils';
import { ToastHost } from '../ui/toast';
import { FollowingPage } from './FollowingPage';
import { cardData, envelope, renderApp, viewerInfo } from './test-support';

afterEach(() => vi.restoreAllMocks());

const followed = (name: string, is_subscribed = false) => {
  const { highlighted_posts: _posts, can_subscribe: _can, ...blog } = cardData(name);
  return { ...blog, following: true, is_subscribed };
};

describe('/following', () => {
  it('lists the followed blogs a page at a time, each with the bell and Unfollow', async () => {
    const calls = mockServer((call) => {
      if (call.url === '/svc/following') return envelope({ blogs: [followed('cy', true), followed('bo')], next: '123_4' });
      if (call.url === '/svc/following?before=123_4') return envelope({ blogs: [followed('al')], next: null });
      return envelope({}, 404);
    });
    renderApp(<FollowingPage />, { viewer: viewerInfo({ friend_count: 3 }), path: '/following' });
    const list = await screen.findByRole('list', { name: 'Blogs you follow' });
    expect(screen.getByText('You follow 3 blogs.')).toBeTruthy();
    const rows = () => within(list).getAllByRole('listitem');
    expect(rows().map((row) => row.querySelector('a')?.textContent)).toEqual(['cycy title', 'bobo title']);
    expect(within(rows()[0]!).getByRole('button', { name: 'Stop notifications of new posts from cy' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(rows()[1]!).getByRole('button', { name: 'Unfollow' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual(['/svc/following', '/svc/following?before=123_4']);
  });

  it('unfollows at once with Undo in a toast; Undo follows again', async () => {
    const calls = mockServer((call) => {
      if (call.url === '/svc/following') return envelope({ blogs: [followed('cy', true)], next: null });
      if (call.url === '/svc/unfollow') return envelope({ following: false, can_subscribe: false, is_subscribed: false });
      if (call.url === '/svc/follow') return envelope({ following: true, can_subscribe: true, is_subscribed: false });
      if (call.url === '/svc/user/info') return envelope(viewerInfo({ friend_count: 0 }));
      return envelope({}, 404);
    });
    renderApp(
      <>
        <FollowingPage />
        <ToastHost />
      </>,
      { viewer: viewerInfo({ friend_count: 1 }), path: '/following' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Unfollow' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('You unfollowed cy.');
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    // Not following: no bell.
    expect(screen.queryByRole('button', { name: /notifications/ })).toBeNull();
    await waitFor(() => expect(calls.find((c) => c.url === '/svc/unfollow')?.body).toEqual({ tumblelog: 'cy', source: 'following_page' }));
    // friend_count comes back from the server.
    expect(await screen.findByText('You follow 0 blogs.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    await waitFor(() => expect(calls.find((c) => c.url === '/svc/follow')?.body).toEqual({ tumblelog: 'cy', source: 'following_page' }));
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('says so when the viewer follows nobody', async () => {
    mockServer(() => envelope({ blogs: [], next: null }));
    renderApp(<FollowingPage />, { path: '/following' });
    expect(await screen.findByText(/You don’t follow any blogs yet/)).toBeTruthy();
  });

  it('shows loading, then the error with a way to try again', async () => {
    let fail = true;
    mockServer(() => (fail ? envelope({}, 500) : envelope({ blogs: [followed('cy')], next: null })));
    renderApp(<FollowingPage />, { path: '/following' });
    expect(screen.getByRole('status').textContent).toBe('Loading the blogs you follow…');
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again later.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Blogs you follow' })).toBeTruthy();
  });
});
