import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RemoteAccount } from '../../shared/federation/types';
import { mockServer } from '../test/test-utils';
import { envelope, renderApp } from '../follows/test-support';
import { isHandle, RemoteAccountCard } from './RemoteAccountCard';

afterEach(() => vi.restoreAllMocks());

const alice: RemoteAccount = {
  handle: 'alice@example.social',
  name: 'Alice Elsewhere',
  summary_html: '<p>Hello</p>',
  icon_url: null,
  url: 'https://example.social/@alice',
  following: false,
};

describe('an account elsewhere in search', () => {
  it('knows a handle when it sees one', () => {
    expect(isHandle('@alice@example.social')).toBe(true);
    expect(isHandle('alice@example.social:8443')).toBe(true);
    expect(isHandle('cats')).toBe(false);
    expect(isHandle('#cats')).toBe(false);
  });

  it('shows the account with Follow, follows it, and unfollows it', async () => {
    const calls = mockServer((call) => {
      if (call.url.startsWith('/svc/federation/lookup')) return envelope({ account: alice });
      if (call.url === '/svc/federation/follow') return envelope({ account: { ...alice, following: true } });
      return envelope({});
    });
    renderApp(<RemoteAccountCard handle="@alice@example.social" />);
    expect(screen.getByText('Looking for @alice@example.social on its server…')).toBeTruthy();
    const follow = await screen.findByRole('button', { name: 'Follow' });
    expect(screen.getByRole('heading', { name: 'Alice Elsewhere' })).toBeTruthy();
    expect(screen.getByText('@alice@example.social')).toBeTruthy();
    expect(calls[0]!.url).toBe('/svc/federation/lookup?q=%40alice%40example.social');
    fireEvent.click(follow);
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.url === '/svc/federation/follow')!.body).toEqual({ handle: '@alice@example.social' });
    fireEvent.click(following);
    await screen.findByRole('button', { name: 'Follow' });
    expect(calls.find((c) => c.url === '/svc/federation/unfollow')!.body).toEqual({ handle: '@alice@example.social' });
  });

  it('says so when nobody answers', async () => {
    mockServer(() => envelope({}, 404));
    renderApp(<RemoteAccountCard handle="@nobody@example.social" />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Something went wrong on our side. Please try again later.'));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
