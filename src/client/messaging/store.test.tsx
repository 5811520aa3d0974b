import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { blogFixture } from '../test-blog';
import { MessagingRoot } from './MessagingRoot';
import { openConversation } from './open';
import { messagingUi } from './store';

// No polling token: these tests are about the windows, not the poller.
const infoWith = (is_multi_window_enabled: boolean): UserInfoResponse => ({
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, primary: 'ann',
    channels: [{ ...blogFixture('ann'), unread_count: 0, can_send_messages: true, is_primary: true }],
    can_message: true, is_sounds_enabled: false, is_verified_email: true, safe_mode: false, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
    is_multi_window_enabled,
  },
});

const blog = (name: string) => ({ uuid: `uuid-${name}`, name, url: `/blog/${name}` }) as Parameters<typeof openConversation>[1][number];

function renderRoot(info: UserInfoResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = (i: UserInfoResponse) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MessagingRoot info={i} />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const { rerender } = render(view(info));
  return (next: UserInfoResponse) => rerender(view(next));
}

const openTwo = () =>
  act(() => {
    openConversation('uuid-ann', [blog('bob')], '1');
    openConversation('uuid-ann', [blog('cid')], '2');
  });

const openIds = () => messagingUi.get().windows.filter((w) => !w.isMinimized).map((w) => w.id);

describe("the messaging store follows the person's multi-window setting", () => {
  beforeEach(() => {
    messagingUi.reset();
    localStorage.clear();
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response: { id: '1', can_send: true, messages: { data: [] } } }), { status: 200 }),
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('off (the default): opening a second conversation minimizes the first', () => {
    renderRoot(infoWith(false));
    openTwo();
    expect(messagingUi.get().multiWindow).toBe(false);
    expect(openIds()).toEqual(['2']);
    expect(screen.getByRole('button', { name: 'Open conversation with bob' })).toBeTruthy();
  });

  it('on: both conversations stay open side by side, and restoring keeps the others open', () => {
    renderRoot(infoWith(true));
    openTwo();
    expect(openIds()).toEqual(['2', '1']);
    expect(screen.getByLabelText('Message bob')).toBeTruthy();
    expect(screen.getByLabelText('Message cid')).toBeTruthy();
    act(() => {
      messagingUi.dispatch({ type: 'minimize', id: '1' });
      messagingUi.dispatch({ type: 'restore', id: '1', now: Date.now() + 1000 });
    });
    expect(openIds()).toEqual(['1', '2']);
  });

  it('turned off again: the next conversation opened minimizes the others', () => {
    const rerender = renderRoot(infoWith(true));
    openTwo();
    rerender(infoWith(false));
    expect(messagingUi.get().multiWindow).toBe(false);
    act(() => openConversation('uuid-ann', [blog('dee')], '3'));
    expect(openIds()).toEqual(['3']);
  });
});
