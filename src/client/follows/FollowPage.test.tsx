import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { userKeys } from '../api/user';
import { mockServer } from '../test/test-utils';
import { FollowPage } from './FollowPage';
import { cardData, envelope, newQueryClient, viewerInfo } from './test-support';

afterEach(() => vi.restoreAllMocks());

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** /follow/writer, opened from /tagged/cats (the card passes where the visitor was). */
function renderFollowPage(loggedIn: boolean) {
  const queryClient = newQueryClient();
  queryClient.setQueryData(userKeys.info, loggedIn ? viewerInfo() : null);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: '/follow/writer', state: { from: '/tagged/cats' } }]}>
        <Routes>
          <Route path="/follow/:name" element={<FollowPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function server() {
  let following = false;
  return mockServer((call) => {
    if (call.url === '/svc/account/login') return envelope(viewerInfo());
    if (call.url === '/svc/follow') {
      following = true;
      return envelope({ following: true, can_subscribe: true, is_subscribed: false });
    }
    if (call.url.startsWith('/svc/data/tumblelog')) return envelope(cardData('writer', { following }));
    if (call.url === '/svc/user/info') return envelope(viewerInfo({ friend_count: 1 }));
    return envelope({}, 404);
  });
}

describe('/follow/{blogName}', () => {
  it('logged out: says the login will follow the blog, then follows and goes back', async () => {
    const calls = server();
    renderFollowPage(false);
    expect(screen.getByRole('heading', { name: 'Log in to follow writer' })).toBeTruthy();
    expect(screen.getByText('Once you are logged in, you will follow writer.')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/svc/follow')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ann@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in and follow' }));

    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/tagged/cats'));
    expect(calls.filter((c) => c.url === '/svc/follow').map((c) => c.body)).toEqual([{ tumblelog: 'writer', source: 'follow_page' }]);
    expect(calls.find((c) => c.url === '/svc/account/login')!.body).toEqual({ email: 'ann@example.com', password: 'correct horse' });
  });

  it('logged in: follows at once and says so, with a way back', async () => {
    const calls = server();
    renderFollowPage(true);
    expect(await screen.findByText('You follow writer')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/svc/follow')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go back' }).getAttribute('href')).toBe('/tagged/cats');
  });
});
