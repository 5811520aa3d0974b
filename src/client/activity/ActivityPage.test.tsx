import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActivityPage as Page } from '../../shared/activity/types';
import { envelope } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';
import { ActivityPage } from './ActivityPage';
import { from, notification, userInfo } from './test-fixtures';

const renderPage = (name = 'ann') =>
  renderWithApp(
    <Routes>
      <Route path="/blog/:name/activity" element={<ActivityPage />} />
    </Routes>,
    { path: `/blog/${name}/activity` },
  );

describe('ActivityPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads more pages from the `next` of the last one', async () => {
    const first: Page = {
      notifications: Array.from({ length: 20 }, (_, i) => notification({ type: 'like', message: `fan${i} liked your post`, from_tumblelog: from(`fan${i}`) })),
      next: '500',
    };
    const second: Page = { notifications: [notification({ type: 'follower', message: 'last started following you', from_tumblelog: from('last'), unread: false })], next: null };
    const calls = mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(userInfo());
      if (call.url === '/svc/activity/ann') return envelope(first);
      if (call.url === '/svc/activity/ann?before=500') return envelope(second);
      if (call.url.startsWith('/svc/data/tumblelog')) return envelope({ name: 'ann', activity_data: { sparkline: new Array(30).fill(1) } });
      if (call.url === '/svc/activity/ann/seen') return envelope({ activity_seen_id: first.notifications[0]!.id, activity_unread: 0 });
      return envelope({}, 404, 'Not here.');
    });
    renderPage();
    expect(await screen.findByText('fan0')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
    expect(await screen.findByTestId('sparkline')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('last')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(21);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() => expect(calls.find((c) => c.url === '/svc/activity/ann/seen')?.body).toEqual({ id: first.notifications[0]!.id }));
  });

  it('says so, without an alert, for a blog that is not yours', async () => {
    mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(userInfo());
      if (call.url.startsWith('/svc/activity/')) return envelope({}, 403, 'Only the owner of bob can see its activity.');
      return envelope({ name: 'bob' });
    });
    renderPage('bob');
    expect(await screen.findByText(/Only the owner of bob can see its activity\./)).toBeTruthy();
    expect(screen.queryByText('Woops :(')).toBeNull();
  });

  it("alerts 'Woops :(' when the server fails", async () => {
    mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(userInfo());
      if (call.url.startsWith('/svc/activity/')) return envelope({}, 500, 'Something went wrong on our side. Please try again later.');
      return envelope({ name: 'ann' });
    });
    renderPage();
    expect(await screen.findByText('Woops :(')).toBeTruthy();
  });
});
