import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_ROUTES } from '../../shared/routes';
import { blogFixture } from '../test-blog';
import { content, envelope, post } from '../test/fixtures';
import { viewerInfo } from '../follows/test-support';
import { ToastHost } from '../ui/toast';
import { PostPage } from './PostPage';
import { mockServer, renderWithApp } from '../test/test-utils';

const shown = post(content.text, { id: '4242', slug: 'hello-there', note_count: 0 });
const loggedOut = () => envelope({}, 401, 'You need to log in to do that.');

function open(answer: (url: string) => Response | Promise<Response>, me: () => Response = loggedOut) {
  const calls = mockServer((call) => (call.url === '/svc/user/info' ? me() : answer(call.url)));
  renderWithApp(
    <>
      <Routes>
        <Route path={PAGE_ROUTES.post} element={<PostPage />} />
      </Routes>
      <ToastHost />
    </>,
    { path: '/blog/ann/post/4242/hello-there' },
  );
  return calls;
}

afterEach(() => {
  vi.restoreAllMocks();
  document.title = 'Tumbleweed';
});

describe('PostPage', () => {
  it('shows the post with its notes open under the blog header, to a visitor, and names itself', async () => {
    const calls = open((url) => {
      if (url === '/svc/post/view/ann/4242') return envelope({ post: shown });
      if (url.startsWith('/svc/data/tumblelog')) return envelope({ ...blogFixture('ann'), following: false, can_subscribe: false, is_subscribed: false });
      if (url.startsWith('/svc/post/notes')) return envelope({ notes: [], note_count: 0, next: null });
      return envelope({}, 404, 'Nothing here');
    });
    const article = await screen.findByRole('article', { name: 'Post by ann' });
    expect(within(article).getByRole('time').closest('a')!.getAttribute('href')).toBe('/blog/ann/post/4242');
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
    expect(await screen.findByTestId('blog-header')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Hello there · ann · Tumbleweed'));
    expect(calls.map((c) => c.url)).toContain('/svc/post/view/ann/4242');
  });

  it('says there is nothing here for a post the server does not show, titled so', async () => {
    open(() => envelope({}, 404, 'There is no such post, or it is not yours to see.'));
    expect(await screen.findByRole('heading', { name: 'There is nothing here.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See ann' }).getAttribute('href')).toBe('/blog/ann');
    await waitFor(() => expect(document.title).toBe('Post not found · Tumbleweed'));
  });

  it('a post deleted from its own page is gone at once; Undo brings it back and nothing is sent', async () => {
    const calls = open((url) => {
      if (url === '/svc/post/view/ann/4242') return envelope({ post: { ...shown, is_mine: true } });
      if (url.startsWith('/svc/data/tumblelog')) return envelope({ ...blogFixture('ann'), following: false, can_subscribe: false, is_subscribed: false });
      if (url.startsWith('/svc/post/notes')) return envelope({ notes: [], note_count: 0, next: null });
      return envelope({}, 404, 'Nothing here');
    }, () => envelope(viewerInfo()));
    const article = await screen.findByRole('article', { name: 'Post by ann' });
    fireEvent.click(within(article).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('heading', { name: 'There is nothing here.' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('article', { name: 'Post by ann' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('waits for the blog header with the post, so the header never pushes the post down as it arrives', async () => {
    let release = () => {};
    const blogAnswered = new Promise<void>((resolve) => {
      release = resolve;
    });
    open(async (url) => {
      if (url === '/svc/post/view/ann/4242') return envelope({ post: shown });
      if (url.startsWith('/svc/data/tumblelog')) {
        await blogAnswered;
        return envelope({ ...blogFixture('ann'), following: false, can_subscribe: false, is_subscribed: false });
      }
      if (url.startsWith('/svc/post/notes')) return envelope({ notes: [], note_count: 0, next: null });
      return envelope({}, 404, 'Nothing here');
    });
    expect(await screen.findByText('Loading…')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('article', { name: 'Post by ann' })).toBeNull();
    release();
    const article = await screen.findByRole('article', { name: 'Post by ann' });
    const header = screen.getByTestId('blog-header');
    expect(header.compareDocumentPosition(article) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
