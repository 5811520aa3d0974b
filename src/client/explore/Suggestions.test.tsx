import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { blogFixture } from '../test-blog';
import { mockServer, type Call } from '../test/test-utils';
import { envelope, renderApp, viewerInfo } from '../follows/test-support';
import { GettingStarted } from './Suggestions';

afterEach(() => vi.restoreAllMocks());

const suggestions = { blogs: [blogFixture('moss', { title: 'Moss daily' }), blogFixture('stones')], tags: [{ tag: 'lichen', post_count: 3 }] };

/** A server that answers suggestions, and follow calls with `follow` (a failure when it is a status). */
function server(follow: number | 'ok' = 'ok') {
  return mockServer((call: Call) => {
    if (call.url === '/svc/user/info') return envelope(viewerInfo());
    if (call.url === '/svc/explore/suggestions') return envelope(suggestions);
    if (follow !== 'ok') return envelope({}, follow);
    if (call.url === '/svc/follow') return envelope({ following: true, can_subscribe: true, is_subscribed: false });
    return envelope({ tag: 'lichen', following: true });
  });
}

describe('GettingStarted', () => {
  it('says the dashboard is quiet, lists blogs and tags to follow, and links to Explore', async () => {
    server();
    renderApp(<GettingStarted blogName="ann" />);
    const blogs = await screen.findByRole('region', { name: 'Blogs to follow' });
    expect(within(blogs).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['mossMoss dailyFollow', 'stonesFollow']);
    expect(screen.getByRole('heading', { name: 'Your dashboard is quiet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '#lichen' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: "Explore what's popular" }).getAttribute('href')).toBe('/explore');
  });

  it('Follow turns at once and sends the follow; the tag chip too', async () => {
    const calls = server();
    renderApp(<GettingStarted blogName="ann" />);
    const moss = (await screen.findAllByRole('listitem'))[0]!;
    fireEvent.click(within(moss).getByRole('button', { name: 'Follow' }));
    expect(await within(moss).findByRole('button', { name: 'Unfollow' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '#lichen' }));
    expect(screen.getByRole('button', { name: '#lichen' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(calls.filter((c) => c.method !== 'GET').map((c) => c.url)).toEqual(['/svc/follow', '/svc/tag/lichen/follow']),
    );
    expect(calls.find((c) => c.url === '/svc/follow')!.body).toMatchObject({ tumblelog: 'moss', source: 'suggestions' });
  });

  it('a refused follow turns back', async () => {
    server(500);
    renderApp(<GettingStarted blogName="ann" />);
    const moss = (await screen.findAllByRole('listitem'))[0]!;
    fireEvent.click(within(moss).getByRole('button', { name: 'Follow' }));
    fireEvent.click(screen.getByRole('button', { name: '#lichen' }));
    await waitFor(() => expect(within(moss).getByRole('button', { name: 'Follow' })).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('button', { name: '#lichen' }).getAttribute('aria-pressed')).toBe('false'));
  });
});
