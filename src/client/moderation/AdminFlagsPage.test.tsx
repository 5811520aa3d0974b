import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AdminFlagsResponse } from '../../shared/flags';
import { envelope } from '../test/fixtures';
import { mockServer } from '../test/test-utils';
import { AdminFlagsPage } from './AdminFlagsPage';
import { moderatorInfo, renderAdminPage } from '../test/admin';

const flags = (lrec: boolean, overrides: AdminFlagsResponse['flags'][number]['overrides'] = []): AdminFlagsResponse => ({
  flags: [
    { name: 'lrec_on_blog_pages_peepr', enabled: lrec, description: "The side column's 300x250 ad beside a blog in the drawer.", overrides: [] },
    { name: 'messaging_inbox_new', enabled: true, description: 'The new inbox.', overrides },
  ],
  overrides_truncated: false,
});

const renderPage = (isAdmin: boolean) => renderAdminPage(<AdminFlagsPage />, '/admin/flags', isAdmin);

describe('AdminFlagsPage (issue 26)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists each flag with what it gates, and switches it site-wide', async () => {
    let current = flags(false);
    const calls = mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(moderatorInfo(true));
      if (call.method === 'POST') current = flags(true);
      return envelope(current);
    });
    renderPage(true);
    const item = await screen.findByRole('listitem', { name: 'lrec_on_blog_pages_peepr' });
    expect(within(item).getByText("The side column's 300x250 ad beside a blog in the drawer.")).toBeTruthy();
    const toggle = within(item).getByRole('button', { name: 'lrec_on_blog_pages_peepr site-wide' });
    expect([toggle.textContent, toggle.getAttribute('aria-pressed')]).toEqual(['Off', 'false']);
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/svc/admin/flags', body: { name: 'lrec_on_blog_pages_peepr', enabled: true } });
  });

  it("gives one person the old inbox, lists them, and sets them back; the server's refusal is shown", async () => {
    let current = flags(false);
    const calls = mockServer((call) => {
      if (call.url === '/svc/user/info') return envelope(moderatorInfo(true));
      if (call.method === 'GET') return envelope(current);
      const body = call.body as { tumblelog: string; state: string };
      if (body.tumblelog === 'ghost') return envelope({}, 404, 'There is no blog named "ghost".');
      current = flags(false, body.state === 'default' ? [] : [{ tumblelog: 'ann', email: 'ann@example.com', enabled: false }]);
      return envelope(current);
    });
    renderPage(true);
    await screen.findByRole('listitem', { name: 'messaging_inbox_new' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Flag' }), { target: { value: 'messaging_inbox_new' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Blog' }), { target: { value: 'ghost' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Value' }), { target: { value: 'off' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('There is no blog named "ghost".')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Blog' }), { target: { value: ' ann ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const list = await screen.findByRole('list', { name: 'People with their own messaging_inbox_new' });
    expect(list.textContent).toContain('ann: off');
    expect(calls.filter((c) => c.method === 'POST').at(-1)).toMatchObject({ url: '/svc/admin/flags/override', body: { name: 'messaging_inbox_new', tumblelog: 'ann', state: 'off' } });
    fireEvent.click(within(list).getByRole('button', { name: 'Back to the site-wide value' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'People with their own messaging_inbox_new' })).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ name: 'messaging_inbox_new', tumblelog: 'ann', state: 'default' });
  });

  it('is not there for anyone but an admin', async () => {
    const calls = mockServer(() => envelope(flags(false)));
    renderPage(false);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText('Feature flags')).toBeNull();
    expect(calls.some((c) => c.url === '/svc/admin/flags')).toBe(false);
  });
});
