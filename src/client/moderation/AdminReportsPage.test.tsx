import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportView } from '../../shared/moderation';
import { AdminReportsPage } from './AdminReportsPage';
import { renderAdminPage } from '../test/admin';

const report = (id: string, blog: string, summary: string): ReportView => ({
  id,
  reason: 'spam',
  message: 'Sells fake watches',
  created_at: '2026-11-20T10:00:00.000Z',
  reporter: { blog_name: 'carl' },
  post: { id: `9${id}`, type: 'text', url: `http://localhost/blog/${blog}/post/9${id}`, summary, state: 'published', is_private: false },
  blog: { tumblelog: blog, url: `http://localhost/blog/${blog}`, is_spam: false, is_nsfw: false, is_adult: false, is_uniblock: false, is_suspended: false },
});

const ok = (response: unknown) => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response }), { status: 200 });

const renderPage = (isAdmin: boolean) => renderAdminPage(<AdminReportsPage />, '/admin/reports', isAdmin);

describe('AdminReportsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists open reports with the post link, the blog, the reason and the reporter', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(ok({ reports: [report('1', 'bob', 'Buy cheap watches'), report('2', 'dan', '')], next: null }));
    renderPage(true);
    const link = await screen.findByRole('link', { name: 'Buy cheap watches' });
    expect(link.getAttribute('href')).toBe('/blog/bob/post/91');
    const first = screen.getByRole('listitem', { name: 'Report of a post by bob' });
    expect(within(first).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/blog/bob');
    expect(within(first).getByText('spam')).toBeTruthy();
    expect(within(first).getByText('Sells fake watches')).toBeTruthy();
    expect(first.textContent).toContain('by carl');
    const switches = within(first).getByRole('group', { name: 'Switches of bob' });
    expect(within(switches).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Spam', 'false'], ['NSFW', 'false'], ['Adult', 'false'], ['Uniblock', 'false'], ['Suspended', 'false'],
    ]);
    // A post without text still has a link to follow.
    expect(screen.getByRole('link', { name: '(no text) post 92' })).toBeTruthy();
  });

  it('sets a switch to the opposite of what it shows, and drops a resolved report', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(ok({ reports: [report('1', 'bob', 'Buy cheap watches')], next: null }));
    renderPage(true);
    const spam = await screen.findByRole('button', { name: 'Spam' });
    fetch.mockResolvedValueOnce(ok({ tumblelog: 'bob', is_spam: true, is_nsfw: false, is_adult: false, is_uniblock: false, is_suspended: false }));
    fireEvent.click(spam);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Spam' }).getAttribute('aria-pressed')).toBe('true'));
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe('/spam/toggle');
    expect(JSON.parse(init!.body as string)).toEqual({ tumblelog: 'bob', value: true });

    fetch.mockResolvedValueOnce(ok({ id: '1', resolved: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    expect(fetch.mock.calls[2]![0]).toBe('/svc/admin/reports/resolve');
  });

  it('marks the reported post sensitive (a toggle), so that its owner may appeal', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(ok({ reports: [report('1', 'bob', 'Buy cheap watches')], next: null }));
    renderPage(true);
    const mark = await screen.findByRole('button', { name: 'Post sensitive' });
    expect(mark.getAttribute('aria-pressed')).toBe('false');
    fetch.mockResolvedValueOnce(ok({ post_id: '91', is_sensitive: true, appeal_state: 2 }));
    fireEvent.click(mark);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Post sensitive' }).getAttribute('aria-pressed')).toBe('true'));
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe('/svc/moderation/post/sensitive');
    expect(JSON.parse(init!.body as string)).toEqual({ post_id: '91', sensitive: '1' });
  });

  it('shows the server’s message when a switch is refused', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(ok({ reports: [report('1', 'bob', 'Buy cheap watches')], next: null }));
    renderPage(true);
    const nsfw = await screen.findByRole('button', { name: 'NSFW' });
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ meta: { status: 403, msg: 'Only moderators can do that.' }, response: {}, errors: [] }), { status: 403 }));
    fireEvent.click(nsfw);
    expect(await screen.findByText('Only moderators can do that.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'NSFW' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('is not there for people who are not admins, and asks the server nothing', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPage(false);
    expect(screen.getByText('There is nothing here.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
