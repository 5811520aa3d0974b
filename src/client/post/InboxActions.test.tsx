import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inboxRoot } from '../api/asks';
import { Feed } from './Feed';
import { blog, content, envelope, page, post } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';
import { BLOCK_SENDER_MESSAGE } from './InboxActions';

const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };
const waiting = { state: '0 3' as const, state_name: 'unapproved' as const, is_mine: true, can_reply: false, blog: blog('ann') };
const ask = post({ type: 'note', question: 'Why?', answer_html: '', asking_name: null }, { id: '31', ...waiting });
const submission = post(content.text, { id: '32', ...waiting, submitted_by: blog('bo') });

const render = () =>
  renderWithApp(<Feed root={inboxRoot('ann')} direction="before" viewer={viewer} label="Inbox of ann" empty={<p>Empty.</p>} />, { path: '/blog/ann/inbox' });
const article = (id: string) => document.querySelector(`[data-post-id="${id}"]`) as HTMLElement;

describe('the inbox actions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers an ask Answer, Block and Delete; a submission Publish, Queue, Edit, Deny and Block, crediting its sender', async () => {
    mockServer(() => envelope(page([ask, submission])));
    render();
    await screen.findByText('Why?');
    const askCard = within(article('31'));
    expect(askCard.getByText('Anonymous asked:')).toBeTruthy();
    expect(askCard.getByRole('link', { name: 'Answer' }).getAttribute('href')).toBe('/edit/31');
    expect(askCard.getByRole('button', { name: 'Block' })).toBeTruthy();
    expect(askCard.getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(askCard.queryByRole('button', { name: 'Like' })).toBeNull();
    const sub = within(article('32'));
    expect(sub.getByText('bo', { selector: 'a' })).toBeTruthy();
    for (const name of ['Publish', 'Queue', 'Deny', 'Block']) expect(sub.getByRole('button', { name })).toBeTruthy();
    expect(sub.getByRole('link', { name: 'Edit' })).toBeTruthy();
  });

  it('Publish approves the submission and takes it out of the inbox', async () => {
    const calls = mockServer((call) => (call.method === 'GET' ? envelope(page([ask, submission])) : envelope({ post: { ...submission, state: '0', state_name: 'published' } })));
    render();
    await screen.findByText('Why?');
    fireEvent.click(within(article('32')).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(article('32')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/approve_submission', body: { id: '32', queue: false } });
  });

  it("Block on an anonymous ask asks the block-sender question first, and Nevermind changes nothing", async () => {
    const calls = mockServer(() => envelope(page([ask])));
    render();
    await screen.findByText('Why?');
    fireEvent.click(within(article('31')).getByRole('button', { name: 'Block' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(BLOCK_SENDER_MESSAGE)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nevermind' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    expect(article('31')).not.toBeNull();
  });
});
