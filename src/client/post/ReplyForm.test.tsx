import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Note, NotesPage } from '../../shared/notes/types';
import type { PostView } from '../../shared/posts/types';
import { Feed } from './Feed';
import { blog, content, envelope, page, post } from '../test/fixtures';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';

const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };
const bos = (extra: Partial<PostView> = {}) =>
  post(content.text, { id: '21', reblog_key: 'kb', blog: blog('bo'), note_count: 1, ...extra });
const cyLiked: Note = { type: 'like', timestamp: 1_700_000_000, blog: blog('cy') };
const notesPage = (notes: Note[]): NotesPage => ({ notes, next: null, note_count: notes.length });

/** Ann's dashboard, on a server that answers notes with `notes` and replies with `reply`. */
function dashboard(posts: PostView[], reply: (call: Call) => Response) {
  return mockServer((call) => {
    if (call.url.startsWith('/svc/post/notes')) return envelope(notesPage([cyLiked]));
    if (call.method === 'GET') return envelope(page(posts));
    return reply(call);
  });
}

const render = () =>
  renderWithApp(<Feed root="dashboard" direction="before" viewer={viewer} label="Dashboard" empty={<p>Quiet.</p>} />);
const openReply = async () => fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
/** The form's own send button (the card's Reply toggle shares its name). */
const sendButton = () => within(screen.getByRole('form')).getByRole('button', { name: 'Reply' }) as HTMLButtonElement;
const input = () => screen.getByRole('textbox', { name: 'Your reply' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('reply', () => {
  afterEach(() => vi.restoreAllMocks());

  it('counts down from 500 and stops at the limit; empty or blank cannot be sent', async () => {
    dashboard([bos()], () => envelope({}));
    render();
    await openReply();
    expect(screen.getByText('500')).toBeTruthy();
    const submit = sendButton();
    expect(submit.disabled).toBe(true);
    type('   ');
    expect(submit.disabled).toBe(true);
    type('Nice one');
    expect(screen.getByText('492')).toBeTruthy();
    expect(submit.disabled).toBe(false);
    type('x'.repeat(620));
    expect(input().value).toHaveLength(500);
    expect(screen.getByText('0')).toBeTruthy();
    // An emoji is one character, as the server counts.
    type('🐈'.repeat(499));
    expect(screen.getByText('1')).toBeTruthy();
    type('🐈'.repeat(600));
    expect([...input().value]).toHaveLength(500);
  });

  it('is offered only where the post allows replies', async () => {
    dashboard([bos({ can_reply: false })], () => envelope({}));
    render();
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('Enter sends the spec fields; the reply goes to the top of the open notes at once', async () => {
    const calls = dashboard([bos()], (call) =>
      envelope({
        note: { type: 'reply', timestamp: 1_700_000_100, blog: blog('ann'), reply_id: '5', reply_text: (call.body as { reply_text: string }).reply_text },
        note_count: 2,
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: '1 note' }));
    expect(await screen.findByText('liked this', { exact: false })).toBeTruthy();
    await openReply();
    type('  Lovely words  ');
    fireEvent.keyDown(input(), { key: 'Enter' });
    const notes = screen.getByRole('region', { name: 'Notes' });
    await waitFor(() => expect(within(notes).getAllByRole('listitem')).toHaveLength(2));
    expect(within(notes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ann: Lovely words', 'cy liked this']);
    expect(screen.getByRole('button', { name: '2 notes' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your reply' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        url: '/svc/reply',
        method: 'POST',
        body: { reply_text: 'Lovely words', post_id: '21', tumblelog: 'bo', tumblelog_key: 'kb', source: 'dashboard' },
      },
    ]);
    // Shown from the answer, not read again.
    expect(calls.filter((c) => c.url.startsWith('/svc/post/notes'))).toHaveLength(1);
  });

  it('a refused reply keeps the words and shows the reason', async () => {
    dashboard([bos()], () => envelope({}, 400, 'Replies are turned off for this post.'));
    render();
    await openReply();
    type('Hello');
    fireEvent.click(sendButton());
    expect(await screen.findByText('Replies are turned off for this post.')).toBeTruthy();
    expect(input().value).toBe('Hello');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  });
});
