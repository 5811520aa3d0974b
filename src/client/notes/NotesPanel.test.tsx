import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Note, NotesPage } from '../../shared/notes/types';
import { blog, envelope } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';
import { NotesPanel } from './NotesPanel';

const viewer = { safe_mode: true, channels: [{ name: 'ann' }] };
const at = 1_700_000_000;
const like = (name: string, extra = {}): Note => ({ type: 'like', timestamp: at, blog: blog(name, extra) });
const reblogBy = (name: string, added: string): Note => ({
  type: 'reblog',
  timestamp: at,
  blog: blog(name),
  post_id: '77',
  post_url: `http://localhost:3000/blog/${name}/post/77`,
  added_html: added,
});
const replyBy = (name: string, text: string, mentions: string[] = []): Note => ({ type: 'reply', timestamp: at, blog: blog(name), reply_id: '9', reply_text: text, mentions, photo: null });

/** Answers GET /svc/post/notes by its `before`: the pages of `pages`, keyed by cursor ('' first). */
function notesServer(pages: Record<string, NotesPage | Response>) {
  return mockServer((call) => {
    const before = new URL(call.url, 'http://x').searchParams.get('before') ?? '';
    const answer = pages[before];
    return answer instanceof Response ? answer : envelope(answer);
  });
}

const render = () => renderWithApp(<NotesPanel id="n" postId="21" viewer={viewer} />);
const items = () => within(screen.getByRole('region', { name: 'Notes' })).queryAllByRole('listitem');

describe('NotesPanel', () => {
  afterEach(() => vi.restoreAllMocks());

  it('links the "@name" of a reply that the server says links, and leaves the others as text (issue 24.8)', async () => {
    notesServer({ '': { notes: [replyBy('dee', 'Ask @Cy or @nobody, not ann@example.com', ['cy'])], next: null, note_count: 1 } });
    render();
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]!.textContent).toBe('dee: Ask @Cy or @nobody, not ann@example.com');
    const mention = within(items()[0]!).getByRole('link', { name: '@Cy' });
    expect(mention.getAttribute('href')).toBe('/blog/cy');
    expect(mention.getAttribute('data-peepr-blog')).toBe('cy');
    expect(within(items()[0]!).queryByRole('link', { name: '@nobody' })).toBeNull();
  });

  it('lists likes, reblogs with the added comment, and replies, newest first, with avatars', async () => {
    const calls = notesServer({
      '': {
        notes: [
          replyBy('dee', 'So <b>true</b>'),
          reblogBy('cy', '<p>Adding <b>this</b></p>'),
          reblogBy('eve', ''),
          like('bo'),
        ],
        next: null,
        note_count: 4,
      },
    });
    render();
    await waitFor(() => expect(items()).toHaveLength(4));
    expect(items().map((li) => li.textContent)).toEqual([
      'dee: So <b>true</b>',
      'cy reblogged thisAdding this',
      'eve reblogged this',
      'bo liked this',
    ]);
    // The comment is the server's sanitized HTML; a reply is plain text.
    expect(items()[1]!.querySelector('b')?.textContent).toBe('this');
    expect(items()[0]!.querySelector('b')).toBeNull();
    expect(within(items()[1]!).getByRole('link', { name: 'reblogged this' }).getAttribute('href')).toBe('/blog/cy/post/77');
    expect(within(items()[3]!).getByRole('link', { name: 'bo' }).getAttribute('href')).toBe('/blog/bo');
    expect(items()[3]!.querySelector('img')?.getAttribute('src')).toBe('/svc/avatar/bo/30');
    expect(calls.map((c) => c.url)).toEqual(['/svc/post/notes?post_id=21']);
    expect(screen.queryByRole('button', { name: 'Show more notes' })).toBeNull();
  });

  it('pages with "Show more notes", sending the last page\'s next as before', async () => {
    const calls = notesServer({
      '': { notes: [like('bo')], next: 'c1', note_count: 3 },
      c1: { notes: [like('cy')], next: 'c2', note_count: 3 },
      c2: { notes: [like('dee')], next: null, note_count: 3 },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(items()).toHaveLength(2));
    fireEvent.click(await screen.findByRole('button', { name: 'Show more notes' }));
    await waitFor(() => expect(items()).toHaveLength(3));
    expect(items().map((li) => li.textContent)).toEqual(['bo liked this', 'cy liked this', 'dee liked this']);
    expect(screen.queryByRole('button', { name: 'Show more notes' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([
      '/svc/post/notes?post_id=21',
      '/svc/post/notes?post_id=21&before=c1',
      '/svc/post/notes?post_id=21&before=c2',
    ]);
  });

  it('says so when there are no notes', async () => {
    notesServer({ '': { notes: [], next: null, note_count: 0 } });
    render();
    expect(await screen.findByText('No notes yet.')).toBeTruthy();
  });

  it('shows a loading line, then an error with Try again', async () => {
    let fail = true;
    mockServer(() =>
      fail ? envelope({}, 500, 'The notes are resting.') : envelope({ notes: [like('bo')], next: null, note_count: 1 }),
    );
    render();
    expect(screen.getByRole('status').textContent).toBe('Loading notes…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The notes are resting.');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(items()).toHaveLength(1));
  });

  it('pixelates an adult blog\'s avatar in safe mode', async () => {
    notesServer({ '': { notes: [like('dark', { is_adult: true })], next: null, note_count: 1 } });
    render();
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]!.querySelector('img')?.getAttribute('src')).toBe('/svc/avatar/dark/16');
  });
});
