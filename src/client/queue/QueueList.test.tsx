import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { InfiniteData } from '@tanstack/react-query';
import type { PostPage } from '../../shared/posts/types';
import { content, envelope, page, post } from '../test/fixtures';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';
import { moveCall, pagesMoved } from './queue-moves';
import { QueueList } from './QueueList';

const viewer = { safe_mode: false, channels: [] };
const queued = (ids: string[]) => ids.map((id) => post(content.text, { id, is_mine: true, state: '2', state_name: 'queued' }));
const posts = () => [...screen.getByRole('list', { name: /^Queue of ann/ }).querySelectorAll('article')].map((a) => a.getAttribute('data-post-id'));
const item = (n: number) => screen.getByRole('group', { name: `Order of queued post ${n}` }).closest('li')!;
const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST').map((c) => ({ url: c.url, body: c.body }));

function queuePage(answer: (call: Call) => Response = () => envelope({})) {
  const calls = mockServer((call) => (call.method === 'GET' ? envelope(page(queued(['1', '2', '3']))) : answer(call)));
  renderWithApp(<QueueList blog="ann" viewer={viewer} header={<h1>Queue</h1>} empty={<p>Empty</p>} notFound={<p>Nothing here</p>} />);
  return calls;
}

describe('moveCall and pagesMoved', () => {
  it('moving up names the post it goes before, moving down the post it goes after', () => {
    expect(moveCall(['a', 'b', 'c'], 2, 0)).toEqual({ post_id: 'c', before_id: 'a' });
    expect(moveCall(['a', 'b', 'c'], 0, 1)).toEqual({ post_id: 'a', after_id: 'b' });
    expect(moveCall(['a', 'b', 'c'], 1, 1)).toBeNull();
    expect(moveCall(['a', 'b', 'c'], 0, 3)).toBeNull();
  });
  it('moves across pages, each page keeping its size and cursor', () => {
    const data: InfiniteData<PostPage, string> = { pages: [page(queued(['1', '2']), '2'), page(queued(['3']))], pageParams: ['0', '2'] };
    const after = pagesMoved(data, 2, 0);
    expect(after.pages.map((p) => p.posts.map((x) => x.id))).toEqual([['3', '1'], ['2']]);
    expect(after.pages.map((p) => p.next)).toEqual(['2', null]);
  });
});

describe('QueueList', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the queue first to go out first, numbered', async () => {
    const calls = queuePage();
    await screen.findAllByRole('article');
    expect(calls[0]!.url).toBe('/svc/post/blog/ann/queue/after/0');
    expect(posts()).toEqual(['1', '2', '3']);
    expect(within(item(3)).getByText('#3 of 3')).toBeTruthy();
  });

  it('Move up moves the post at once, sends the move and announces the new place; focus stays on the button', async () => {
    const calls = queuePage(() => envelope({ order: ['1', '3', '2'] }));
    await screen.findAllByRole('article');
    const up = within(item(3)).getByRole('button', { name: 'Move up' });
    up.focus();
    fireEvent.click(up);
    expect(posts()).toEqual(['1', '3', '2']);
    expect(screen.getByRole('status', { name: 'Queue changes' }).textContent).toBe('Queued post 3 moved to position 2 of 3.');
    await waitFor(() => expect(posted(calls)).toEqual([{ url: '/svc/blog/queue_order', body: { tumblelog: 'ann', post_id: '3', before_id: '2' } }]));
    expect(document.activeElement).toBe(up);
  });

  it('Alt+ArrowDown on a focused post moves it down; the last post cannot go further', async () => {
    const calls = queuePage(() => envelope({ order: ['2', '1', '3'] }));
    await screen.findAllByRole('article');
    fireEvent.keyDown(within(item(1)).getByRole('article'), { key: 'ArrowDown', altKey: true });
    expect(posts()).toEqual(['2', '1', '3']);
    await waitFor(() => expect(posted(calls)).toEqual([{ url: '/svc/blog/queue_order', body: { tumblelog: 'ann', post_id: '1', after_id: '2' } }]));
    const down = within(item(3)).getByRole('button', { name: 'Move down' });
    expect(down.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(down);
    expect(posted(calls)).toHaveLength(1);
  });

  it('a refused move says why and reads the queue again', async () => {
    const calls = queuePage(() => envelope({}, 400, "post_id is not a post in this blog's queue: reload the queue and try again."));
    await screen.findAllByRole('article');
    fireEvent.click(within(item(2)).getByRole('button', { name: 'Move up' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Queue changes' }).textContent).toBe(
        "The post could not be moved: post_id is not a post in this blog's queue: reload the queue and try again.",
      ),
    );
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('Shuffle, then Undo sends back the order the shuffle replaced', async () => {
    const calls = queuePage((call) => (call.url === '/svc/blog/queue_shuffle' ? envelope({ order: ['3', '1', '2'], previous: ['1', '2', '3'] }) : envelope({ order: ['1', '2', '3'] })));
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: 'Shuffle' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull());
    expect(posted(calls)).toEqual([
      { url: '/svc/blog/queue_shuffle', body: { tumblelog: 'ann' } },
      { url: '/svc/blog/queue_order', body: { tumblelog: 'ann', order: ['1', '2', '3'] } },
    ]);
    expect(screen.getByRole('status', { name: 'Queue changes' }).textContent).toBe('The order before the shuffle is back.');
  });
});
