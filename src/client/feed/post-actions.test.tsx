import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { Feed } from './Feed';
import { content, envelope, page, post } from './fixtures';
import { POST_ACTION_TROUBLE } from './post-action-errors';
import { mockServer, renderWithApp, type Call } from './test-utils';

const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };

/** A drafts feed of ann's, answering the action calls with `action`. */
function draftsFeed(posts: PostView[], action: (call: Call) => Response) {
  const calls = mockServer((call) =>
    call.method === 'GET' ? envelope(page(posts)) : action(call),
  );
  renderWithApp(<Feed root="blog/ann/drafts" direction="after" viewer={viewer} label="Drafts" empty={<p>No drafts.</p>} />);
  return calls;
}

const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const answerDialog = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }));

describe('post actions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('delete asks first; Nevermind keeps the post and calls nothing', async () => {
    const calls = draftsFeed([post(content.text, { id: '7', is_mine: true })], () => envelope({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Delete this post?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nevermind' })).toBeTruthy();
    await answerDialog('Nevermind');
    await waitFor(() => expect(screen.queryByText('Delete this post?')).toBeNull());
    expect(posted(calls)).toEqual([]);
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('delete, confirmed, sends the post and its blog and removes the card', async () => {
    const calls = draftsFeed(
      [post(content.text, { id: '7', is_mine: true }), post(content.quote, { id: '8', is_mine: true })],
      () => envelope({}),
    );
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete' }))[0]!);
    await screen.findByText('Delete this post?');
    // The dialog's Delete is the last one: the cards' own come first in the page.
    const deletes = screen.getAllByRole('button', { name: 'Delete' });
    fireEvent.click(deletes[deletes.length - 1]!);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('article').getAttribute('data-post-id')).toBe('8');
    expect(posted(calls)).toEqual([{ url: '/svc/post/delete', method: 'POST', body: { post_id: '7', channel_id: 'ann' } }]);
  });

  it('a 500 from publish shows the spec alert, two spaces after the full stop, and keeps the post', async () => {
    draftsFeed([post(content.text, { id: '9', is_mine: true, state: '1', state_name: 'draft' })], () =>
      envelope({}, 500, 'Something went wrong on our side.'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    const message = await screen.findByText(/technical trouble/);
    expect(message.textContent).toBe('Sorry, we seem to be having technical trouble.  Please try again later.');
    expect(POST_ACTION_TROUBLE).toContain('trouble.  Please');
    await answerDialog('OK');
    expect(screen.getAllByRole('article')).toHaveLength(1);
  });

  it('a 404 from queue shows the same alert', async () => {
    draftsFeed([post(content.text, { id: '9', is_mine: true, state: '1', state_name: 'draft' })], () =>
      envelope({}, 404, 'No such post.'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Queue' }));
    expect((await screen.findByText(/technical trouble/)).textContent).toBe(POST_ACTION_TROUBLE);
    await answerDialog('OK');
  });

  it('a 403 shows the server message instead', async () => {
    draftsFeed([post(content.text, { id: '9', is_mine: true, state: '1', state_name: 'draft' })], () =>
      envelope({}, 403, 'That post is not yours.'),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('That post is not yours.')).toBeTruthy();
    await answerDialog('OK');
  });

  it('publish takes a draft out of the drafts and sends its id', async () => {
    const draft = post(content.text, { id: '11', is_mine: true, state: '1', state_name: 'draft' });
    const calls = draftsFeed([draft], () => envelope({ post: { ...draft, state: '0', state_name: 'published' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('No drafts.')).toBeTruthy();
    expect(posted(calls)).toEqual([{ url: '/publish', method: 'POST', body: { id: '11' } }]);
  });

  it('queue takes a draft out of the drafts and sends its id', async () => {
    const draft = post(content.text, { id: '12', is_mine: true, state: '1', state_name: 'draft' });
    const calls = draftsFeed([draft], () => envelope({ post: { ...draft, state: '2', state_name: 'queued' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Queue' }));
    expect(await screen.findByText('No drafts.')).toBeTruthy();
    expect(posted(calls)).toEqual([{ url: '/queue', method: 'POST', body: { id: '12' } }]);
  });
});
