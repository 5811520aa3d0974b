import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { userKeys } from '../api/user';
import { blogFixture } from '../test-blog';
import { messagingKeys } from '../messaging/api';
import { InboxButton } from './InboxButton';

const channel = (name: string, unread: number, extra: Partial<Channel> = {}): Channel => ({
  ...blogFixture(name),
  unread_count: unread,
  can_send_messages: true,
  is_primary: false,
  mention_key: `key-${name}`,
  is_messaging_bot: false,
  unread_messages_count_sum: unread,
  ...extra,
});

const infoWith = (channels: Channel[]): UserInfoResponse => ({
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels, primary: 'ann',
    can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: false, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
  },
});

function renderButton(channels: Channel[]) {
  const queryClient = new QueryClient();
  const info = infoWith(channels);
  queryClient.setQueryData(userKeys.info, info);
  render(
    <QueryClientProvider client={queryClient}>
      <InboxButton info={info} />
    </QueryClientProvider>,
  );
  return queryClient;
}

const badge = () => screen.queryByTestId('inbox-badge');

describe('the inbox badge', () => {
  it('is hidden at 0', () => {
    renderButton([channel('ann', 0), channel('ann-art', 0)]);
    expect(badge()).toBeNull();
  });

  it('sums unread across the messaging blogs, leaving out a bot', () => {
    renderButton([channel('ann', 2), channel('ann-art', 3), channel('ann-bot', 40, { is_messaging_bot: true })]);
    expect(badge()!.textContent).toBe('5');
    expect(badge()!.getAttribute('aria-label')).toBe('5 unread messages');
  });

  it("follows the poll without a new user info, and shows '99+' above 99", async () => {
    const queryClient = renderButton([channel('ann', 1), channel('ann-art', 0)]);
    act(() => queryClient.setQueryData(messagingKeys.unread, { 'key-ann': { c1: 60 }, 'key-ann-art': { c2: 40 } }));
    await waitFor(() => expect(badge()?.textContent).toBe('99+'));
    act(() => queryClient.setQueryData(messagingKeys.unread, { 'key-ann': { c1: 0 }, 'key-ann-art': {} }));
    await waitFor(() => expect(badge()).toBeNull());
  });
});
