// Issue 26.3: a reply carries one photo where the post allows photo replies.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note, NotesPage } from '../../shared/notes/types';
import type { PostView } from '../../shared/posts/types';
import { setFormKey } from '../session/form-key';
import { fileOf, installFakeXhr } from '../uploads/fake-xhr';
import { Feed } from './Feed';
import { blog, content, envelope, page, post } from '../test/fixtures';
import { mockServer, renderWithApp, type Call } from '../test/test-utils';

const viewer = { safe_mode: false, channels: [{ name: 'ann' }] };
const bos = (extra: Partial<PostView> = {}) => post(content.text, { id: '21', reblog_key: 'kb', blog: blog('bo'), note_count: 0, ...extra });
const notesPage = (notes: Note[]): NotesPage => ({ notes, next: null, note_count: notes.length });

/** The notes list holds `sent` once a reply was posted (the card opens its notes after sending). */
function dashboard(posts: PostView[], reply: (call: Call) => Response, sent: Note[] = []) {
  let replied = false;
  return mockServer((call) => {
    if (call.url.startsWith('/svc/post/notes')) return envelope(notesPage(replied ? sent : []));
    if (call.method === 'POST') replied = true;
    if (call.method === 'GET') return envelope(page(posts));
    return reply(call);
  });
}
const render = () => renderWithApp(<Feed root="dashboard" direction="before" viewer={viewer} label="Dashboard" empty={<p>Quiet.</p>} />);
const openReply = async () => fireEvent.click(await screen.findByRole('button', { name: 'Reply' }));
const sendButton = () => within(screen.getByRole('form')).getByRole('button', { name: 'Reply' }) as HTMLButtonElement;

let xhr: ReturnType<typeof installFakeXhr>;
beforeEach(() => {
  setFormKey('fk');
  xhr = installFakeXhr();
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/cat');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  xhr.restore();
  setFormKey(null);
  vi.restoreAllMocks();
});

describe('a reply with a photo', () => {
  it('is offered only where the post allows photo replies', async () => {
    dashboard([bos()], () => envelope({}));
    render();
    await openReply();
    expect(screen.queryByLabelText('Add a photo')).toBeNull();
  });

  it('uploads the photo, waits for it, and sends it with its alt text and no words needed', async () => {
    const note: Note = {
      type: 'reply', timestamp: 1_700_000_100, blog: blog('ann'), reply_id: '5', reply_text: '', mentions: [],
      photo: { url: '/media/ab/cd/cat.png', width: 120, height: 80, alt_text: 'A cat' },
    };
    const calls = dashboard([bos({ allow_photo_replies: true })], () => envelope({ note, note_count: 1 }), [note]);
    const user = userEvent.setup();
    render();
    await openReply();
    await user.upload(screen.getByLabelText('Add a photo'), fileOf('cat.png', 'image/png', 100));
    expect(xhr.requests[0]!.file('photo')?.name).toBe('cat.png');
    expect(screen.getByRole('progressbar', { name: 'Uploading the photo' })).toBeTruthy();
    expect(sendButton().disabled).toBe(true);
    await act(async () => xhr.requests[0]!.succeed({ url: '/media/ab/cd/cat.png' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Describe the photo (alt text)' }), { target: { value: ' A cat ' } });
    expect(sendButton().disabled).toBe(false);
    fireEvent.click(sendButton());
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/svc/reply',
      body: { reply_text: '', photo: '/media/ab/cd/cat.png', photo_alt: 'A cat', post_id: '21' },
    });
    const notes = await screen.findByRole('region', { name: 'Notes' });
    const img = await within(notes).findByRole('img', { name: 'A cat' });
    expect(img.getAttribute('src')).toBe('/media/ab/cd/cat.png');
    expect(within(notes).getByText('replied with a photo', { exact: false })).toBeTruthy();
  });

  it('shows why a photo was refused, sends nothing, and Remove photo takes it away', async () => {
    const calls = dashboard([bos({ allow_photo_replies: true })], () => envelope({}));
    const user = userEvent.setup({ applyAccept: false });
    render();
    await openReply();
    await user.upload(screen.getByLabelText('Add a photo'), fileOf('a.txt', 'text/plain', 10));
    expect(xhr.requests).toHaveLength(0);
    expect(within(screen.getByRole('form')).getByRole('alert').textContent).toMatch(/image/);
    expect(sendButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(within(screen.getByRole('form')).queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});
