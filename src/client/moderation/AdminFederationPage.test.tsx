import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BlockedDomainsResponse, KnownServersResponse } from '../../shared/federation/types';
import { envelope } from '../test/fixtures';
import { mockServer } from '../test/test-utils';
import { AdminFederationPage } from './AdminFederationPage';
import { moderatorInfo, renderAdminPage } from '../test/admin';

const servers = (blocked: boolean): KnownServersResponse => ({
  servers: [{ host: 'social.example', accounts: 3, followers: 2, follows: 1, posts: 14, notes: 5, last_activity: '2026-11-29T05:00:00.000Z', blocked }],
});
const domains = (list: string[]): BlockedDomainsResponse => ({ domains: list.map((domain) => ({ domain, blocked_at: '2026-11-29T05:00:00.000Z' })) });

const renderPage = (isAdmin: boolean) => renderAdminPage(<AdminFederationPage />, '/admin/federation', isAdmin);

describe('AdminFederationPage (issue 28)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the servers with what arrived from each, blocks one, and lifts the block', async () => {
    let blocked: string[] = [];
    const calls = mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(moderatorInfo(true));
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
      if (call.url === '/svc/user/info') return envelope(moderatorInfo(true));
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
    const calls = mockServer(() => envelope(moderatorInfo(false)));
    renderPage(false);
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/svc/admin/'))).toBe(false));
  });
});
