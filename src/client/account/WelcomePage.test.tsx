import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { mockServer, type Call } from '../test/test-utils';
import { envelope, renderApp, viewerInfo } from '../follows/test-support';
import { blogFixture } from '../test-blog';
import { WelcomePage } from './WelcomePage';

afterEach(() => vi.restoreAllMocks());

function welcome() {
  const calls = mockServer((call: Call) => {
    if (call.url === '/svc/user/info') return envelope(viewerInfo());
    if (call.url === '/svc/explore/suggestions') return envelope({ blogs: [], tags: [{ tag: 'lichen', post_count: 2 }] });
    return envelope(blogFixture('ann', { title: 'Moss and stones' }));
  });
  renderApp(
    <Routes>
      <Route path="/welcome" element={<WelcomePage />} />
      <Route path="/dashboard" element={<p>The dashboard</p>} />
    </Routes>,
    { path: '/welcome' },
  );
  return calls;
}

describe('WelcomePage', () => {
  it('every step skips to the next, and the last to the dashboard, saving nothing', async () => {
    const calls = welcome();
    for (const heading of ['Give your blog a title', 'Choose an avatar', 'Pick a few interests']) {
      expect(await screen.findByRole('heading', { name: heading })).toBe(document.activeElement);
      fireEvent.click(screen.getByRole('button', { name: 'Skip' }));
    }
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('saves the title typed, then moves on', async () => {
    const calls = welcome();
    fireEvent.change(await screen.findByLabelText(/Blog title/), { target: { value: ' Moss and stones ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'Choose an avatar' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.body])).toEqual([['/svc/blog/ann/settings', { title: 'Moss and stones' }]]));
    // No picture yet: nothing to save, only Skip goes on.
    expect(screen.getByRole('button', { name: 'Save and continue' })).toHaveProperty('disabled', true);
  });
});
