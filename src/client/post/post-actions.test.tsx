import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { postKeys, postRoots } from '../api/posts';
import { Feed } from './Feed';
import { blog, content, envelope, page, post } from '../test/fixtures';
import { POST_ACTION_TROUBLE } from './post-action-errors';
import { postActionEvents } from './post-action-events';
import { POST_DELETED } from './pending-deletes';
import { promoteExplanation, STOP_PROMOTING_EXPLANATION } from './PromoteButton';
import { ToastHost } from '../ui/toast';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';

const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };

/** A drafts feed of ann's, answering the action calls with `action`. */
function draftsFeed(posts: PostView[], action: (call: Call) => Response) {
  const calls = mockServer((call) =>
    call.method === 'GET' ? envelope(page(posts)) : action(call),
  );
  renderWithApp(
    <>
      <Feed root="blog/ann/drafts" direction="after" viewer={viewer} label="Drafts" empty={<p>No drafts.</p>} />
      <ToastHost />
    </>,
  );
  return calls;
}

const posted = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const answerDialog = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }));

describe('post actions', () => {
  afterEach(() => vi.restoreAllMocks());

  it('delete takes the post away at once and sends nothing; Undo puts it back in its place', async () => {
    const calls = draftsFeed(
      [post(content.text, { id: '7', is_mine: true }), post(content.quote, { id: '8', is_mine: true })],
      () => envelope({}),
    );
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete' }))[0]!);
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-post-id'))).toEqual(['8']);
    expect(screen.queryByText('Delete this post?')).toBeNull();
    // The toast's region says so (an own post's reblog control has its own, empty, status too).
    expect(screen.getAllByRole('status').map((s) => s.textContent).join('|')).toContain(POST_DELETED);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-post-id'))).toEqual(['7', '8']);
    expect(posted(calls)).toEqual([]);
  });

  it('delete is sent, with the post and its blog, when the Undo time runs out', async () => {
    const calls = draftsFeed([post(content.text, { id: '7', is_mine: true }), post(content.quote, { id: '8', is_mine: true })], () =>
      envelope({}),
    );
    fireEvent.click((await screen.findAllByRole('button', { name: 'Delete' }))[0]!);
    expect(posted(calls)).toEqual([]);
    // Dismiss ends the Undo time as running out does.
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(posted(calls)).toEqual([{ url: '/svc/post/delete', method: 'POST', body: { post_id: '7', channel_id: 'ann' } }]));
    // Once the server answered, the post is gone from the list itself, not only hidden.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('data-post-id'))).toEqual(['8']);
  });

  it('delete is sent with keepalive when the page is left during the Undo time', async () => {
    const calls = draftsFeed([post(content.text, { id: '7', is_mine: true })], () => envelope({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const fetch = vi.mocked(globalThis.fetch);
    const before = fetch.mock.calls.length;
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(posted(calls)).toEqual([{ url: '/svc/post/delete', method: 'POST', body: { post_id: '7', channel_id: 'ann' } }]));
    expect(fetch.mock.calls.slice(before).map(([, init]) => init?.keepalive)).toEqual([true]);
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });

  it('a failed delete brings the post back and says why', async () => {
    draftsFeed([post(content.text, { id: '7', is_mine: true })], () => envelope({}, 500, 'Something went wrong on our side.'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(screen.queryAllByRole('article')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText(/technical trouble/)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await answerDialog('OK');
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

/** Ann's dashboard, answering the action calls with `action`. */
function dashboard(posts: PostView[], action: (call: Call) => Response | Promise<Response>) {
  const calls = mockServer((call) => (call.method === 'GET' ? envelope(page(posts)) : action(call)));
  const app = renderWithApp(<Feed root="dashboard" direction="before" viewer={viewer} label="Dashboard" empty={<p>Quiet.</p>} />);
  return { calls, ...app };
}

/** A promise the test resolves when it wants the server to answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const likeButton = () => screen.findByRole('button', { name: 'Like' });
const pressed = (el: HTMLElement) => el.getAttribute('aria-pressed');
const bos = (extra: Partial<PostView> = {}) => post(content.text, { id: '21', root_id: '20', reblog_key: 'kb', blog: blog('bo'), ...extra });

describe('like', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is set before the call, sends the spec fields with the page as source, and takes note_count from the answer', async () => {
    const answer = deferred<Response>();
    const { calls } = dashboard([bos({ note_count: 4 })], () => answer.promise);
    const like = await likeButton();
    expect(pressed(like)).toBe('false');
    fireEvent.click(like);
    // Still waiting for the server: the heart is already red.
    await waitFor(() => expect(pressed(like)).toBe('true'));
    expect(posted(calls)).toEqual([
      { url: '/svc/like', method: 'POST', body: { id: '21', root_id: '20', key: 'kb', source: 'dashboard' } },
    ]);
    answer.resolve(envelope({ liked: true, note_count: 5 }));
    expect(await screen.findByText('5 notes')).toBeTruthy();
    expect(pressed(like)).toBe('true');
  });

  it('rolls back on a failed call, with the trouble alert (two spaces) and a failure event', async () => {
    const failures = vi.fn();
    const off = postActionEvents.on('failure', failures);
    const answer = deferred<Response>();
    dashboard([bos({ note_count: 4 })], () => answer.promise);
    const like = await likeButton();
    fireEvent.click(like);
    await waitFor(() => expect(pressed(like)).toBe('true'));
    answer.resolve(envelope({}, 500, 'Something broke.'));
    const message = await screen.findByText(/technical trouble/);
    expect(message.textContent).toBe('Sorry, we seem to be having technical trouble.  Please try again later.');
    expect(pressed(like)).toBe('false');
    expect(screen.getByText('4 notes')).toBeTruthy();
    expect(failures).toHaveBeenCalledWith({ action: 'like', post_id: '21', status: 500 });
    off();
    await answerDialog('OK');
  });

  it('an unlike that fails puts the heart back', async () => {
    const answer = deferred<Response>();
    dashboard([bos({ liked: true })], () => answer.promise);
    const like = await likeButton();
    fireEvent.click(like);
    await waitFor(() => expect(pressed(like)).toBe('false'));
    answer.resolve(envelope({}, 404, 'No such post.'));
    expect((await screen.findByText(/technical trouble/)).textContent).toBe(POST_ACTION_TROUBLE);
    expect(pressed(like)).toBe('true');
    await answerDialog('OK');
  });

  it('a 403 fires the forbidden event and tells the person why', async () => {
    const forbidden = vi.fn();
    const failures = vi.fn();
    const offs = [postActionEvents.on('forbidden', forbidden), postActionEvents.on('failure', failures)];
    dashboard([bos()], () => envelope({}, 403, 'You cannot interact with this blog.'));
    const like = await likeButton();
    fireEvent.click(like);
    expect(await screen.findByText('You cannot interact with this blog.')).toBeTruthy();
    expect(forbidden).toHaveBeenCalledWith({ action: 'like', post_id: '21', message: 'You cannot interact with this blog.' });
    expect(failures).not.toHaveBeenCalled();
    expect(pressed(like)).toBe('false');
    offs.forEach((off) => off());
    await answerDialog('OK');
  });

  it('quick clicks go out one at a time and end on what the server confirmed', async () => {
    const answers: ReturnType<typeof deferred<Response>>[] = [];
    const { calls } = dashboard([bos()], () => {
      const answer = deferred<Response>();
      answers.push(answer);
      return answer.promise;
    });
    const like = await likeButton();
    fireEvent.click(like);
    await waitFor(() => expect(pressed(like)).toBe('true'));
    fireEvent.click(like); // unlike, while the like is still out
    await waitFor(() => expect(pressed(like)).toBe('false'));
    expect(posted(calls).map((c) => c.url)).toEqual(['/svc/like']);
    answers[0]!.resolve(envelope({ liked: true, note_count: 1 }));
    await waitFor(() => expect(posted(calls).map((c) => c.url)).toEqual(['/svc/like', '/svc/unlike']));
    answers[1]!.resolve(envelope({}, 500, 'Broken.'));
    // The unlike failed: the last thing the server confirmed was the like.
    await screen.findByText(/technical trouble/);
    expect(pressed(like)).toBe('true');
    expect(screen.getByText('1 note')).toBeTruthy();
    await answerDialog('OK');
  });

  it('a logged-out visitor can share a post and do nothing else; a private post has no share', async () => {
    mockServer(() => envelope(page([bos({ id: '51' }), bos({ id: '52', is_private: true, state: 'private', state_name: 'private' })])));
    renderWithApp(<Feed root="dashboard" direction="before" viewer={null} label="Dashboard" empty={<p>Quiet.</p>} />);
    const [open, hidden] = await screen.findAllByRole('article');
    const controls = (article: HTMLElement) =>
      [...within(article).getByRole('contentinfo').querySelectorAll('a, button')].map((el) => el.getAttribute('aria-label') ?? el.textContent);
    expect(controls(open!)).toEqual(['0 notes', 'Share']);
    expect(controls(hidden!)).toEqual(['0 notes']);
  });

  it('own posts and posts that turn likes off have no like', async () => {
    dashboard([post(content.text, { id: '31', is_mine: true }), bos({ id: '32', can_be_liked: false })], () => envelope({}));
    const [mine, unlikeable] = await screen.findAllByRole('article');
    expect(within(mine!).queryByRole('button', { name: 'Like' })).toBeNull();
    expect(within(unlikeable!).queryByRole('button', { name: 'Like' })).toBeNull();
    expect(within(unlikeable!).getByRole('link', { name: 'Reblog' })).toBeTruthy();
  });
});

describe('reblog', () => {
  afterEach(() => vi.restoreAllMocks());

  const reblogged = { post_id: '99', state: 'published', reblogged: true, post_tumblelog: { name_or_id: 'ann', avatar: '/svc/avatar/ann/64' }, note_count: 1 };

  it('the arrows open the reblog form in place of the page address', async () => {
    dashboard([bos()], () => envelope({}));
    expect((await screen.findByRole('link', { name: 'Reblog' })).getAttribute('href')).toBe('/reblog/21/kb');
  });

  it('"Reblog now" reblogs at once and the post shows as reblogged', async () => {
    const { calls } = dashboard([bos()], () => envelope(reblogged));
    const link = await screen.findByRole('link', { name: 'Reblog' });
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'More reblog options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reblog now' }));
    expect(await screen.findByText('Reblogged to ann')).toBeTruthy();
    expect(screen.getByText('You reblogged this.')).toBeTruthy();
    // The footer counts the reblog at once, from the answer.
    expect(screen.getByRole('button', { name: '1 note' })).toBeTruthy();
    expect(posted(calls)).toEqual([
      { url: '/fast_reblog', method: 'POST', body: { reblog_key: 'kb', reblog_post_id: '21', queue: false } },
    ]);
  });

  it('the menu works from the keyboard: the first choice takes focus, arrows move, Escape closes', async () => {
    dashboard([bos()], () => envelope(reblogged));
    const more = await screen.findByRole('button', { name: 'More reblog options' });
    fireEvent.click(more);
    const now = await screen.findByRole('menuitem', { name: 'Reblog now' });
    await waitFor(() => expect(document.activeElement).toBe(now));
    fireEvent.keyDown(now, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Add to queue' }));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(more);
  });

  it('"Add to queue" sends queue true; Alt-click on the arrows reblogs now', async () => {
    const { calls } = dashboard([bos()], (call) =>
      envelope({ ...reblogged, state: (call.body as { queue: boolean }).queue ? 'queued' : 'published' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'More reblog options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Add to queue' }));
    expect(await screen.findByText("Added to ann's queue")).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Reblog' }), { altKey: true });
    expect(await screen.findByText('Reblogged to ann')).toBeTruthy();
    expect(posted(calls).map((c) => (c.body as { queue: boolean }).queue)).toEqual([true, false]);
  });

  it('"Reblog now" shows the post as reblogged before the server answers, in every list holding it', async () => {
    const answer = deferred<Response>();
    const { queryClient } = dashboard([bos()], () => answer.promise);
    fireEvent.click(await screen.findByRole('button', { name: 'More reblog options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reblog now' }));
    await waitFor(() => expect(screen.getByText('You reblogged this.')).toBeTruthy());
    const cached = queryClient.getQueryData<{ pages: { posts: PostView[] }[] }>(postKeys.page(postRoots.dashboard));
    expect(cached?.pages[0]!.posts[0]!.reblogged).toBe(true);
    answer.resolve(envelope(reblogged));
    expect(await screen.findByText('Reblogged to ann')).toBeTruthy();
  });

  it('a failed fast reblog leaves the post as it was and alerts', async () => {
    dashboard([bos()], () => envelope({}, 401, 'Log in first.'));
    fireEvent.click(await screen.findByRole('button', { name: 'More reblog options' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Reblog now' }));
    expect((await screen.findByText(/technical trouble/)).textContent).toBe(POST_ACTION_TROUBLE);
    expect(screen.queryByText('You reblogged this.')).toBeNull();
    await answerDialog('OK');
  });
});

describe('promote', () => {
  afterEach(() => vi.restoreAllMocks());

  it('Promote says what it does first and acts only on its confirm; Cancel changes nothing; stopping asks too', async () => {
    const { calls } = dashboard([post(content.text, { id: '41', reblog_key: 'k41', is_mine: true })], (call) =>
      envelope({ is_promoted: call.url === '/svc/promote' }),
    );
    const promote = await screen.findByRole('button', { name: 'Promote' });
    expect(promote.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(promote);
    let panel = await screen.findByRole('dialog', { name: 'Promote this post?' });
    expect(panel.textContent).toContain(promoteExplanation('ann'));
    expect(promote.getAttribute('aria-expanded')).toBe('true');
    // Nothing is sent by opening the panel, nor by Cancel.
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Promote this post?' })).toBeNull();
    expect(posted(calls)).toEqual([]);

    fireEvent.click(promote);
    panel = await screen.findByRole('dialog', { name: 'Promote this post?' });
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Promote' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('Promoted')).toBeTruthy();
    const stop = screen.getByRole('button', { name: 'Stop promoting' });
    fireEvent.click(stop);
    panel = await screen.findByRole('dialog', { name: 'Stop promoting this post?' });
    expect(panel.textContent).toContain(STOP_PROMOTING_EXPLANATION);
    fireEvent.click(within(panel).getByRole('button', { name: 'Stop promoting' }));
    await waitFor(() => expect(screen.queryByText('Promoted')).toBeNull());
    expect(posted(calls)).toEqual([
      { url: '/svc/promote', method: 'POST', body: { post_id: '41', tumblelog_name: 'ann', reblog_key: 'k41' } },
      { url: '/svc/unpromote', method: 'POST', body: { post_id: '41' } },
    ]);
  });
});

describe('notes count', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens the notes under the post, and the count follows the notes answer', async () => {
    mockServer((call) =>
      call.url.startsWith('/svc/post/notes')
        ? envelope({ notes: [{ type: 'like', timestamp: 1, blog: blog('cy') }], next: null, note_count: 5 })
        : envelope(page([bos({ note_count: 4 })])),
    );
    renderWithApp(<Feed root="dashboard" direction="before" viewer={viewer} label="Dashboard" empty={<p>Quiet.</p>} />);
    const count = await screen.findByRole('button', { name: '4 notes' });
    expect(count.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(count);
    expect(count.getAttribute('aria-expanded')).toBe('true');
    const notes = await screen.findByRole('region', { name: 'Notes' });
    expect(count.getAttribute('aria-controls')).toBe(notes.id);
    expect(await within(notes).findByText('liked this', { exact: false })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '5 notes' })).toBe(count);
    fireEvent.click(count);
    expect(screen.queryByRole('region', { name: 'Notes' })).toBeNull();
  });
});
