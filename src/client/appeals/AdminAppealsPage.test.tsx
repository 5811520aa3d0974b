import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppealView } from '../../shared/appeals';
import { AdminAppealsPage } from './AdminAppealsPage';
import { renderAdminPage } from '../test/admin';

// The appeals queue is the reports queue's shared piece (moderation/AdminQueue) with other cards.
const appeal = (id: string, blog: string, summary: string): AppealView => ({
  post: { id, type: 'photo', url: `http://localhost/blog/${blog}/post/${id}`, summary },
  blog: { name: blog, url: `http://localhost/blog/${blog}` },
  requested_at: '2026-11-20T10:00:00.000Z',
});

const ok = (response: unknown) => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response }), { status: 200 });

const renderPage = (isAdmin: boolean) => renderAdminPage(<AdminAppealsPage />, '/admin/appeals', isAdmin);

describe('AdminAppealsPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists appeals with the post and blog links, pages with Load more, and says when none wait', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(ok({ appeals: [appeal('11', 'bob', 'Beach day')], next: '11' }));
    renderPage(true);
    expect(await screen.findByRole('heading', { name: 'Appeals' })).toBeTruthy();
    const card = screen.getByRole('listitem', { name: 'Appeal of a post by bob' });
    expect(within(card).getByRole('link', { name: 'Beach day' }).getAttribute('href')).toBe('/blog/bob/post/11');
    expect(within(card).getByRole('link', { name: 'bob' }).getAttribute('href')).toBe('/blog/bob');
    fetch.mockResolvedValueOnce(ok({ appeals: [appeal('7', 'dan', '')], next: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: '(no text) post 7' })).toBeTruthy();
    expect(fetch.mock.calls[1]![0]).toBe('/svc/admin/appeals?before=11');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('Remove the mark decides with sensitive 0 and the card leaves; Keep sensitive sends 1', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(ok({ appeals: [appeal('11', 'bob', 'Beach day'), appeal('12', 'eve', 'Sunset')], next: null }));
    renderPage(true);
    const bob = await screen.findByRole('listitem', { name: 'Appeal of a post by bob' });
    fetch.mockResolvedValueOnce(ok({ post_id: '11', is_sensitive: false, appeal_state: 4, emailed: true }));
    fireEvent.click(within(bob).getByRole('button', { name: 'Remove the mark' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Appeal of a post by bob' })).toBeNull());
    expect(fetch.mock.calls[1]![0]).toBe('/svc/moderation/appeal/decide');
    expect(JSON.parse(fetch.mock.calls[1]![1]!.body as string)).toMatchObject({ post_id: '11', sensitive: '0' });
    fetch.mockResolvedValueOnce(ok({ post_id: '12', is_sensitive: true, appeal_state: 4, emailed: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep sensitive' }));
    expect(await screen.findByText('No appeals waiting.')).toBeTruthy();
    expect(JSON.parse(fetch.mock.calls[2]![1]!.body as string)).toMatchObject({ post_id: '12', sensitive: '1' });
  });

  it('shows the server’s message when a decision is refused, and keeps the card', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValueOnce(ok({ appeals: [appeal('11', 'bob', 'Beach day')], next: null }));
    renderPage(true);
    const button = await screen.findByRole('button', { name: 'Remove the mark' });
    fetch.mockResolvedValueOnce(new Response(JSON.stringify({ meta: { status: 409, msg: 'There is no appeal waiting on this post.' }, response: {}, errors: [] }), { status: 409 }));
    fireEvent.click(button);
    expect(await screen.findByText('There is no appeal waiting on this post.')).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Appeal of a post by bob' })).toBeTruthy();
  });

  it('is not there for people who are not admins, and asks the server nothing', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    renderPage(false);
    expect(screen.getByText('There is nothing here.')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});
