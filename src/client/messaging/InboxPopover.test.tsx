// The inbox's two variants when empty (spec 2 §2) and image upload from the inbox (spec 2 §5).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { blogFixture } from '../test-blog';
import * as api from './api';
import { inboxFiles, pendingDrops } from './attachments';
import { InboxPopover } from './InboxPopover';
import { postsAbout } from './InboxSuggestions';
import { messagingUi } from './store';

vi.mock('./api', async (original) => ({
  ...(await original<typeof import('./api')>()),
  fetchInbox: vi.fn(),
  fetchFavorites: vi.fn(),
  fetchSuggestionsWithTags: vi.fn(),
}));

const channel: Channel = { ...blogFixture('ann'), unread_count: 0, can_send_messages: true, is_primary: true, mention_key: 'uuid-ann', is_messaging_bot: false };
const infoWith = (newVariant: boolean, appendLimit?: number): UserInfoResponse => ({
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels: [channel], primary: 'ann',
    can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: false, unread_count: 0, limits: LIMITS,
    language: 'en_US', defaultEditorType: 'rich', features: { ...NO_FEATURES, messaging_inbox_new: newVariant }, is_admin: false,
    ...({ messaging_max_image_bytes: 1048576, messaging_inbox_favorites_append_limit: appendLimit } as object),
  },
});

const BOB = { uuid: 'uuid-bob', name: 'bob', url: '/blog/bob', can_receive_messages: true, blog_tags: ['cats', 'art'] };
const CY = { uuid: 'uuid-cy', name: 'cy', url: '/blog/cy', can_receive_messages: true, blog_tags: [] };

function renderInbox(newVariant: boolean, appendLimit?: number) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InboxPopover info={infoWith(newVariant, appendLimit)} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

describe('the empty inbox', () => {
  beforeEach(() => {
    messagingUi.reset();
    vi.mocked(api.fetchInbox).mockResolvedValue({ conversations: [] });
    vi.mocked(api.fetchFavorites).mockResolvedValue({ blogs: [BOB, CY] });
    vi.mocked(api.fetchSuggestionsWithTags).mockResolvedValue({ blogs: [BOB, CY] });
  });

  it("new variant: 'New Message', and suggestions with 'Posts about #x and #y' and 'Send a message'", async () => {
    const { onClose } = renderInbox(true);
    expect(screen.getByRole('button', { name: 'New Message' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Suggestions' });
    expect(list.textContent).toContain('bobPosts about #cats and #artSend a message');
    expect(list.textContent).toContain('cySend a message');
    expect(screen.queryByText('Talk to a Tumblr')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send a message to bob' }));
    expect(messagingUi.get().windows.map((w) => w.participants.map((p) => p.name))).toEqual([['bob']]);
    expect(onClose).toHaveBeenCalled();
  });

  it("old variant: 'Compose message' and 'Talk to a Tumblr' with the avatar grid", async () => {
    renderInbox(false);
    expect(screen.getByRole('button', { name: 'Compose message' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Talk to a Tumblr' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Suggestions' })).toBeNull();
  });

  it('says what a blog posts about from at most two tags', () => {
    expect(postsAbout(['a', 'b', 'c'])).toBe('Posts about #a and #b');
    expect(postsAbout(['a'])).toBe('Posts about #a');
    expect(postsAbout([])).toBeNull();
  });
});

describe('image upload from the inbox', () => {
  beforeEach(() => {
    messagingUi.reset();
    pendingDrops.clear();
    vi.mocked(api.fetchInbox).mockResolvedValue({
      conversations: [{ id: 'c1', last_modified_ts: '5', last_read_ts: '5', participants: [{ uuid: 'uuid-ann', name: 'ann', url: '/blog/ann' }, BOB] }],
    });
  });

  const pick = async (file: File) => {
    await screen.findByRole('button', { name: 'Send a photo', description: 'Send a photo to bob' });
    fireEvent.change(screen.getByLabelText('Photo for bob'), { target: { files: [file] } });
  };

  it('takes any image/* (one file), and opens the conversation with it waiting for its preview strip', async () => {
    const { onClose } = renderInbox(true);
    await pick(new File(['x'], 'photo.webp', { type: 'image/webp' }));
    const input = screen.getByLabelText('Photo for bob') as HTMLInputElement;
    expect(input.accept).toBe('image/*');
    expect(input.multiple).toBe(false);
    const waiting = pendingDrops.get('c1')!;
    expect(waiting.name).toBe('photo.webp');
    expect(inboxFiles.has(waiting)).toBe(true);
    expect(messagingUi.get().windows.map((w) => w.id)).toEqual(['c1']);
    expect(onClose).toHaveBeenCalled();
  });

  it("refuses what is not an image, and an image over the server's limit, with the spec's words", async () => {
    const { onClose } = renderInbox(true);
    await pick(new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid file type.');
    await pick(new File([new Uint8Array(1048577)], 'big.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe('Image must be smaller than 1MB');
    expect(pendingDrops.size).toBe(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('favorites below a short inbox list (spec 2 §2, §9)', () => {
  const conversation = (id: string, other: typeof BOB) => ({ id, last_modified_ts: '5', last_read_ts: '5', participants: [{ uuid: 'uuid-ann', name: 'ann', url: '/blog/ann' }, other] });
  beforeEach(() => {
    messagingUi.reset();
    vi.mocked(api.fetchInbox).mockResolvedValue({ conversations: [conversation('c1', BOB), conversation('c2', CY)] });
    vi.mocked(api.fetchFavorites).mockClear();
  });

  it("titles them 'More Tumblrs to talk to', or 'Recently Followed' when the server says so", async () => {
    vi.mocked(api.fetchFavorites).mockResolvedValue({ blogs: [BOB], recently_followed: false });
    renderInbox(true);
    expect(await screen.findByRole('heading', { name: 'More Tumblrs to talk to' })).toBeTruthy();
  });

  it("says 'Recently Followed' for a list of blogs only recently followed", async () => {
    vi.mocked(api.fetchFavorites).mockResolvedValue({ blogs: [BOB], recently_followed: true });
    renderInbox(true);
    expect(await screen.findByRole('heading', { name: 'Recently Followed' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'More Tumblrs to talk to' })).toBeNull();
  });

  it("takes the append limit from the server: none below two conversations when it is 1", async () => {
    vi.mocked(api.fetchFavorites).mockResolvedValue({ blogs: [BOB], recently_followed: false });
    renderInbox(true, 1);
    await screen.findAllByRole('button', { name: /bob/ });
    expect(screen.queryByRole('heading', { name: 'More Tumblrs to talk to' })).toBeNull();
    expect(api.fetchFavorites).not.toHaveBeenCalled();
  });

  it("marks a row with the last sender's theme colour, brightened by 0.3 (spec 2 §9)", async () => {
    vi.mocked(api.fetchInbox).mockResolvedValue({ conversations: [conversation('c1', { ...BOB, theme: { background_color: '#000000' } } as typeof BOB)] });
    vi.mocked(api.fetchFavorites).mockResolvedValue({ blogs: [] });
    renderInbox(true);
    const row = (await screen.findAllByRole('button', { name: /bob/ })).find((button) => button.hasAttribute('style'))!;
    expect(row.style.getPropertyValue('--sender-theme')).toBe('rgb(77, 77, 77)');
  });
});
