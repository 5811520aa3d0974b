import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { userKeys } from '../api/user';
import type { BodyEditorProps } from '../editors/BodyEditor';
import { InlineFormsContext } from '../post/inline-forms';
import { PostCard } from '../post/PostCard';
import { MemoryRouter } from 'react-router';
import { DialogHost } from '../ui/dialogs';
import { fakeServer, info, sentTo } from './form-test-kit';
import { INLINE_RESIZE_MS } from './InlinePostForm';
import { dismissSaveNotice } from './save-notice';
import { SaveNoticeHost } from './SaveNoticeHost';
import { blog, postView, source } from './test-fixtures';

vi.mock('../editors/BodyEditor', () => ({
  BodyEditor: ({ value, onChange, ariaLabel }: BodyEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  ),
}));

// The form is a lazy chunk in the app; loading it first keeps each wait about the form itself.
await import('./InlinePostForm');

const FETCH = '/svc/post/fetch';
const UPDATE = '/svc/post/update';
const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };
const first = postView();
const second = postView({ id: '1002', is_mine: false, blog: blog('bob'), reblog_key: 'key1002', post_url: 'https://ann.example.com/post/1002', content: { type: 'text', title: 'Second', body_html: '<p>Two</p>' } });
const fetched = (post: PostView) => ({ post, source: source(), post_tumblelog: { name_or_id: 'ann' }, post_context_page: 'dashboard' });
const saved = { post_tumblelog: { name_or_id: 'ann' }, post: { id: '1001', is_edit: true, is_reblog: false }, created_post: first, message: '', post_context_page: 'dashboard' };

let page = 0;

function renderFeed(inline = true) {
  // Each test is a fresh page: a form left open by another test is not this page's.
  page += 1;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(userKeys.info, info);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[{ pathname: '/dashboard', search: '?tab=all', key: `page${page}` }]}>
        <InlineFormsContext.Provider value={inline}>
          <div role="feed" aria-label="Dashboard">
            <PostCard post={first} viewer={viewer} />
            <PostCard post={second} viewer={viewer} />
          </div>
        </InlineFormsContext.Provider>
        <DialogHost />
        <SaveNoticeHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const card = (id: string) => document.querySelector<HTMLElement>(`[data-post-id="${id}"]`)!;
const editOf = (id: string) => within(card(id)).getByRole('link', { name: 'Edit' });

describe('the inline post form in a feed', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.history.replaceState(null, '', '/dashboard?tab=all');
  });
  afterEach(() => {
    act(() => dismissSaveNotice());
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('opens edit in place of the card, not a modal, with the address replaced, and saves in place', async () => {
    const server = fakeServer({ [FETCH]: ({ post_id }) => [200, fetched(post_id === '1002' ? second : first)], [UPDATE]: () => [200, saved] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderFeed();
    await user.click(editOf('1001'));

    const title = (await within(card('1001')).findByRole('textbox', { name: 'Title' })) as HTMLTextAreaElement;
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('article', { name: 'Editing a post by ann' })).toBe(card('1001'));
    expect(within(card('1001')).getByRole('region', { name: 'Edit post' })).toBeTruthy();
    expect(window.location.pathname).toBe('/edit/1001');
    expect(sentTo(server, FETCH)).toEqual([{ post_id: '1001' }]);
    // The other card stays as it was.
    expect(within(card('1002')).getByText('Second')).toBeTruthy();

    await waitFor(() => expect(card('1001').querySelector('[data-step]')?.getAttribute('data-step')).toBe('show'));
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.type(title, '!');
    await user.click(within(card('1001')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(card('1001').querySelector('[data-step]')?.getAttribute('data-step')).toBe('hide'));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ post_id: '1001', 'post[one]': 'Hello!' });
    // The panel shrinks for its transition, then the card is back where it was, and so is the address.
    act(() => vi.advanceTimersByTime(INLINE_RESIZE_MS));
    expect(card('1001').querySelector('[data-inline-form]')).toBeNull();
    expect(card('1001').getAttribute('aria-label')).toBe('Post by ann');
    expect(window.location.pathname + window.location.search).toBe('/dashboard?tab=all');
    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
  });

  it('closes the open form before opening another, asking first when it has changes', async () => {
    fakeServer({ [FETCH]: ({ post_id }) => [200, fetched(post_id === '1002' ? second : first)], });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderFeed();
    await user.click(editOf('1001'));
    const title = await within(card('1001')).findByRole('textbox', { name: 'Title' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    await user.type(title, '!');

    await user.click(within(card('1002')).getByRole('link', { name: 'Reblog' }));
    expect(await screen.findByText('Discard edits to this post?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nevermind' }));
    expect(within(card('1001')).getByRole('region', { name: 'Edit post' })).toBeTruthy();
    expect(window.location.pathname).toBe('/edit/1001');

    await user.click(within(card('1002')).getByRole('link', { name: 'Reblog' }));
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(await within(card('1002')).findByRole('region', { name: 'Reblog post' })).toBeTruthy();
    expect(card('1001').querySelector('[data-inline-form]')).toBeNull();
    expect(window.location.pathname).toBe('/reblog/1002/key1002');

    // Escape dismisses it (unchanged: no confirm), and the page's address comes back.
    await waitFor(() => expect(card('1002').contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    act(() => vi.advanceTimersByTime(INLINE_RESIZE_MS));
    await waitFor(() => expect(card('1002').querySelector('[data-inline-form]')).toBeNull());
    expect(window.location.pathname + window.location.search).toBe('/dashboard?tab=all');
  });

  it('answers an ask from the inbox in place, over the inbox, with a button that says Answer', async () => {
    const ask = postView({
      id: '1003', type: 'note', state: '0 3', state_name: 'unapproved', can_reply: false,
      content: { type: 'note', question: 'Why?', answer_html: '', asking_name: null },
    });
    fakeServer({ [FETCH]: () => [200, fetched(ask)] });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(userKeys.info, info);
    window.history.replaceState(null, '', '/blog/ann/inbox');
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: '/blog/ann/inbox', key: 'inbox' }]}>
          <InlineFormsContext.Provider value>
            <div role="feed" aria-label="Inbox of ann">
              <PostCard post={ask} viewer={viewer} />
            </div>
          </InlineFormsContext.Provider>
          <DialogHost />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await user.click(within(card('1003')).getByRole('link', { name: 'Answer' }));
    expect(await within(card('1003')).findByRole('button', { name: 'Answer' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(card('1003')).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('leaves the link to the modal outside a feed', async () => {
    fakeServer({});
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderFeed(false);
    await user.click(editOf('1001'));
    expect(card('1001').querySelector('[data-inline-form]')).toBeNull();
    expect(window.location.pathname).toBe('/dashboard');
  });
});
