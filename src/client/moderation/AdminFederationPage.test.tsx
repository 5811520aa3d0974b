import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import type { BlockedDomainsResponse, KnownServersResponse } from '../../shared/federation/types';
import { NO_FEATURES } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { userKeys } from '../api/user';
import { envelope } from '../test/fixtures';
import { mockServer } from '../test/test-utils';
import { AdminFederationPage } from './AdminFederationPage';

const info = (isAdmin: boolean): UserInfoResponse => ({
  form_key: 'fk',
  user: {
    name: 'mod', email: 'mod@example.com', liked_post_count: 0, friend_count: 0, channels: [], primary: 'mod',
    can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: true, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: isAdmin,
  },
});

const servers = (blocked: boolean): KnownServersResponse => ({
  servers: [{ host: 'social.example', accounts: 3, followers: 2, follows: 1, posts: 14, notes: 5, last_activity: '2026-11-29T05:00:00.000Z', blocked }],
});
const domains = (list: string[]): BlockedDomainsResponse => ({ domains: list.map((domain) => ({ domain, blocked_at: '2026-11-29T05:00:00.000Z' })) });

function renderPage(isAdmin: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setQueryData(userKeys.info, info(isAdmin));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/federation']}>
        <AdminFederationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('AdminFederationPage (issue 28)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the servers with what arrived from each, blocks one, and lifts the block', async () => {
    let blocked: string[] = [];
    const calls = mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(info(true));
      if (call.url === '/svc/admin/federation/servers') return envelope(servers(blocked.length > 0));
      if (call.method === 'POST') blocked = call.url.endsWith('/remove') ? [] : ['social.example'];
      return envelope(domains(blocked));
    });
    renderPage(true);
    const item = await screen.findByRole('listitem', { name: 'social.example' });
    expect(item.textContent).toContain('3 accounts · 2 following our blogs · 1 followed by our people · 14 posts kept · 5 likes, reblogs and replies');
    expect(screen.getByText('No server is blocked.')).toBeTruthy();
    fireEvent.click(within(item).getByRole('button', { name: 'Block' }));
    const list = await screen.findByRole('list', { name: 'Blocked servers' });
    expect(within(list).getByText('social.example')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'social.example' })).getByText('Blocked')).toBeTruthy());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/svc/admin/federation/domains', body: { domain: 'social.example' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Lift the block' }));
    await screen.findByText('No server is blocked.');
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({ url: '/svc/admin/federation/domains/remove', body: { domain: 'social.example' } });
  });

  it('blocks a server typed by name, and shows the server’s refusal', async () => {
    mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(info(true));
      if (call.url === '/svc/admin/federation/servers') return envelope({ servers: [] });
      if (call.method === 'POST') return envelope({}, 400, "Type a server's host name, such as example.social (no https://, port or path).");
      return envelope(domains([]));
    });
    renderPage(true);
    expect(await screen.findByText('Nothing has arrived from another server yet.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Server' }), { target: { value: 'https://bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Type a server's host name, such as example.social (no https://, port or path).");
  });

  it('asks nothing of the server for someone who is not an admin', async () => {
    const calls = mockServer(() => envelope(info(false)));
    renderPage(false);
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/svc/admin/'))).toBe(false));
  });
});
