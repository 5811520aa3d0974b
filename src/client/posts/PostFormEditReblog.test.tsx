import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BodyEditorProps } from '../editors/BodyEditor';
import { fakeServer, openForm, sentTo } from './form-test-kit';
import { dismissSaveNotice } from './save-notice';
import { blog, postView, source } from './test-fixtures';

vi.mock('../editors/BodyEditor', () => ({
  BodyEditor: ({ value, onChange, ariaLabel }: BodyEditorProps) => (
    <textarea aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.currentTarget.value)} />
  ),
}));

const FETCH = '/svc/post/fetch';
const UPDATE = '/svc/post/update';
const saved = { post_tumblelog: { name_or_id: 'ann' }, post: { id: '1', is_edit: true, is_reblog: false }, created_post: postView(), message: '', post_context_page: 'dashboard' };
const fetched = (post = postView(), src = source()) => ({ post, source: src, post_tumblelog: { name_or_id: post.blog.name }, post_context_page: 'dashboard' });
/** A reblog fetch answers the post alone: the author's input as typed is theirs (no `source`). */
const fetchedForReblog = (post: ReturnType<typeof postView>) => ({ post, post_tumblelog: { name_or_id: post.blog.name }, post_context_page: 'dashboard' });

const dialog = () => screen.getByRole('dialog', { name: /post$/ });
const enabled = async (name: string) => {
  const field = await screen.findByRole('textbox', { name });
  await waitFor(() => expect(document.activeElement).toBe(field));
  // It takes typing at once; its controls and saving wait for its opening scroll (spec 1 §4).
  await waitFor(() => expect(field.closest('form')!.querySelector('button[type="submit"]')!.hasAttribute('disabled')).toBe(false));
  return field as HTMLTextAreaElement;
};

describe('editing a post', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => dismissSaveNotice());
  });

  it('loads the post as typed, saves it with its id, and asks before discarding edits', async () => {
    const server = fakeServer({ [FETCH]: () => [200, fetched(postView({ state: '1', state_name: 'draft' }))], [UPDATE]: () => [200, saved] });
    const user = userEvent.setup();
    const { router } = openForm('/edit/1001');
    const title = await enabled('Title');
    expect(sentTo(server, FETCH)).toEqual([{ post_id: '1001' }]);
    expect(screen.getByRole('dialog', { name: 'Edit post' })).toBeTruthy();
    expect(title.value).toBe('Hello');
    expect((screen.getByRole('textbox', { name: 'Body' }) as HTMLTextAreaElement).value).toBe('<p>World</p>');
    // No type tabs and no blog choice when editing; the post's state is the default choice.
    expect(within(dialog()).queryByRole('tab')).toBeNull();
    expect(within(dialog()).queryByRole('combobox', { name: 'Blog' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();

    await user.type(title, '!');
    fireEvent.click(dialog()); // the glass, the dialog's ::backdrop
    expect(await screen.findByText('Discard edits to this post?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nevermind' }));

    await user.click(screen.getByRole('button', { name: 'When to post' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Post now' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({ post_id: '1001', channel_id: 'ann', 'post[one]': 'Hello!', 'post[state]': '0', 'post[tags]': 'one,two' });
    expect(await screen.findByText('Your changes were saved.')).toBeTruthy();
  });

  it('alerts and closes when the post cannot be loaded', async () => {
    fakeServer({ [FETCH]: () => [404, 'Not found.'] });
    const user = userEvent.setup();
    const { router } = openForm('/edit/77', { base: '/drafts' });
    expect(await screen.findByText('Sorry, we seem to be having technical trouble. Please try again later.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/drafts'));
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('reblogging', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    act(() => dismissSaveNotice());
  });

  const reblogged = postView({
    id: '900', blog: blog('zed'), type: 'photo', reblog_key: 'abc', is_reblog: true, reblogged_from: { post_id: '800', blog_name: 'yan' },
    content: {
      type: 'photo', photos: [{ id: 'o1', url: 'https://p.example/1.jpg', width: 500, height: 400, caption: '' }],
      caption_html: '<p>The <b>root</b> words</p>', layout: '1', linkthrough: null,
    },
    // As the server sends it: the root's words are the post's content, and a reblogger may add nothing.
    trail: [
      { post_id: '800', blog: blog('yan'), content_html: '', is_root: true },
      { post_id: '850', blog: blog('xo'), content_html: '', is_root: false },
      { post_id: '900', blog: blog('zed'), content_html: '<p>Then mine</p>', is_root: false },
    ],
  });

  it('shows the trail root first, takes a comment and sends the reblog key', async () => {
    const server = fakeServer({ [FETCH]: () => [200, fetchedForReblog(reblogged)], [UPDATE]: () => [200, saved] });
    const user = userEvent.setup();
    openForm('/reblog/900/abc');
    const comment = await enabled('Your comment');
    expect(sentTo(server, FETCH)).toEqual([{ reblog_id: '900', reblog_key: 'abc' }]);
    const trail = screen.getByRole('region', { name: 'Reblogged from yan' });
    expect(within(trail).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['yanThe root words', 'zedThen mine']);
    expect(within(trail).getByText('root').tagName).toBe('B');
    expect(within(trail).getByRole('img', { name: 'Photo 1' })).toBeTruthy();

    await user.type(comment, 'So good');
    await user.click(screen.getByRole('checkbox', { name: 'Remove the reblog trail' }));
    await user.click(screen.getByRole('button', { name: 'Reblog' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]).toMatchObject({
      channel_id: 'ann', reblog_key: 'abc', reblog_post_id: '900', 'post[type]': 'photo', 'post[two]': 'So good', remove_reblog_tree: '1', 'post[state]': '0',
    });
  });

  it('reblogs to another of the blogs and asks "Discard this post?" once a comment is typed', async () => {
    const server = fakeServer({ [FETCH]: () => [200, fetchedForReblog(reblogged)], [UPDATE]: () => [200, { ...saved, post_tumblelog: { name_or_id: 'ann-art' } }] });
    const user = userEvent.setup();
    openForm('/reblog/900/abc');
    const comment = await enabled('Your comment');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Blog' }), 'ann-art');
    await user.type(comment, 'Hm');
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(await screen.findByText('Discard this post?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Nevermind' }));
    await user.click(screen.getByRole('button', { name: 'Reblog' }));
    await waitFor(() => expect(sentTo(server, UPDATE)).toHaveLength(1));
    expect(sentTo(server, UPDATE)[0]!.channel_id).toBe('ann-art');
    expect(await screen.findByText('Posted to ann-art.')).toBeTruthy();
  });

  it('alerts and closes for a wrong reblog key', async () => {
    fakeServer({ [FETCH]: () => [404, 'Not found.'] });
    const { router } = openForm('/reblog/900/wrong');
    expect(await screen.findByText('Sorry, we seem to be having technical trouble. Please try again later.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
