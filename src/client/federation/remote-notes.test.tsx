// Notes and activity from accounts on other servers (federation): named by their handle, linked to
// their profile there, with their own picture, never opened in the drawer as a blog of ours.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/notes/types';
import { NotificationItem } from '../activity/NotificationItem';
import { notification, userInfo } from '../activity/test-fixtures';
import { NotesPanel } from '../notes/NotesPanel';
import { envelope } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';

const handle = 'alice@social.example';
const remote = { handle, name: 'Alice Remote', icon_url: 'https://social.example/a.png', profile_url: 'https://social.example/@alice', url: null };
const blog = { name: handle, uuid: '', title: 'Alice Remote', url: 'https://social.example/@alice', avatar_url: 'https://social.example/a.png', is_adult: false };

describe('notes from elsewhere', () => {
  afterEach(() => vi.restoreAllMocks());

  it('show the handle linking out, the picture, and a reply with a link to it there', async () => {
    const notes: Note[] = [
      { type: 'like', timestamp: 1_700_000_000, blog, remote },
      { type: 'reply', timestamp: 1_700_000_000, blog, reply_id: '5', reply_text: 'So good', mentions: [], photo: null, remote: { ...remote, url: 'https://social.example/@alice/9' } },
    ];
    mockServer(() => envelope({ notes, next: null, note_count: 2 }));
    renderWithApp(<NotesPanel id="n" postId="21" viewer={{ safe_mode: false, channels: [] }} />);
    const items = await waitFor(() => {
      const found = within(screen.getByRole('region', { name: 'Notes' })).getAllByRole('listitem');
      expect(found).toHaveLength(2);
      return found;
    });
    expect(items.map((li) => li.textContent)).toEqual([`${handle} liked this`, `${handle} replied: So good`]);
    const name = within(items[0]!).getByRole('link', { name: handle });
    expect(name.getAttribute('href')).toBe('https://social.example/@alice');
    expect(name.getAttribute('data-peepr-blog')).toBeNull();
    expect(items[0]!.querySelector('img')!.getAttribute('src')).toBe('https://social.example/a.png');
    expect(within(items[1]!).getByRole('link', { name: 'replied' }).getAttribute('href')).toBe('https://social.example/@alice/9');
  });
});

describe('activity from elsewhere', () => {
  it('names the account by its handle, linking to its profile there, not Anonymous', () => {
    const n = notification({ type: 'like', message: `${handle} liked your post`, from_remote: { handle, name: 'Alice Remote', icon_url: null, url: 'https://social.example/@alice' } });
    renderWithApp(
      <ul>
        <NotificationItem notification={n} viewer={userInfo().user} />
      </ul>,
    );
    const item = screen.getByRole('listitem');
    expect(item.textContent).toContain(`${handle} liked your post`);
    expect(item.textContent).not.toContain('Anonymous');
    expect(within(item).getByRole('link', { name: handle }).getAttribute('href')).toBe('https://social.example/@alice');
  });
});
