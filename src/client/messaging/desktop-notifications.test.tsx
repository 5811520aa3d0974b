// Desktop notifications (spec 2 §6, §9) against a fake Notification API: the flag, the
// permission asked on first use, hidden tabs only, 5000 ms, and a click that opens the conversation.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { Channel, UserInfoResponse } from '../../shared/types';
import { blogFixture } from '../test-blog';
import * as api from './api';
import { newMessagesBetween } from './desktop-notifications';
import { messagingUi } from './store';
import { useDesktopNotifications } from './use-desktop-notifications';

vi.mock('./api', async (original) => ({ ...(await original<typeof import('./api')>()), fetchConversation: vi.fn() }));

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return FakeNotification.permission;
  });
  static shown: FakeNotification[] = [];
  onclick: (() => void) | null = null;
  closed = false;
  constructor(
    public title: string,
    public options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}

const channel: Channel = { ...blogFixture('ann'), unread_count: 0, can_send_messages: true, is_primary: true, mention_key: 'uuid-ann', is_messaging_bot: false };
const infoWith = (enabled: boolean): UserInfoResponse => ({
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, channels: [channel], primary: 'ann',
    can_message: true, is_sounds_enabled: true, is_desktop_notifications_enabled: enabled, is_verified_email: true, safe_mode: false,
    unread_count: 0, limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
  },
});

function Probe({ info }: { info: UserInfoResponse }) {
  useDesktopNotifications(info);
  return null;
}

function setup(enabled: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(api.messagingKeys.unread, { 'uuid-ann': { c1: 1 } });
  render(
    <QueryClientProvider client={queryClient}>
      <Probe info={infoWith(enabled)} />
    </QueryClientProvider>,
  );
  const poll = (unread: Record<string, Record<string, number>>) => act(() => void queryClient.setQueryData(api.messagingKeys.unread, unread));
  return { poll };
}

let visibility: DocumentVisibilityState = 'hidden';

describe('desktop notifications', () => {
  beforeEach(() => {
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    FakeNotification.requestPermission.mockClear();
    visibility = 'hidden';
    messagingUi.reset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows "New message for {blog}" for a new message in a hidden tab, closes it after 5000 ms', () => {
    vi.useFakeTimers();
    const { poll } = setup(true);
    poll({ 'uuid-ann': { c1: 2 } });
    expect(FakeNotification.shown.map((n) => [n.title, n.options.tag])).toEqual([['New message for ann', 'message-c1']]);
    vi.advanceTimersByTime(4999);
    expect(FakeNotification.shown[0]!.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(FakeNotification.shown[0]!.closed).toBe(true);
    // A lower or equal count (read, deleted) notifies nothing.
    poll({ 'uuid-ann': { c1: 1 } });
    poll({ 'uuid-ann': { c1: 1 } });
    expect(FakeNotification.shown).toHaveLength(1);
  });

  it('a click focuses the tab and opens that conversation', async () => {
    vi.mocked(api.fetchConversation).mockResolvedValue({
      id: 'c2', last_modified_ts: '9', last_read_ts: '1',
      participants: [{ uuid: 'uuid-ann', name: 'ann', url: '/blog/ann' }, { uuid: 'uuid-bob', name: 'bob', url: '/blog/bob' }],
    });
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    const { poll } = setup(true);
    poll({ 'uuid-ann': { c1: 1, c2: 1 } });
    await act(async () => FakeNotification.shown[0]!.onclick!());
    expect(focus).toHaveBeenCalled();
    expect(FakeNotification.shown[0]!.closed).toBe(true);
    expect(api.fetchConversation).toHaveBeenCalledWith('c2', 'uuid-ann');
    expect(messagingUi.get().windows.map((w) => [w.id, w.participantUuid, w.participants.map((p) => p.name)])).toEqual([['c2', 'uuid-ann', ['bob']]]);
  });

  it('shows nothing while the tab is visible, with the flag off, or without the permission', () => {
    visibility = 'visible';
    setup(true).poll({ 'uuid-ann': { c1: 5 } });
    visibility = 'hidden';
    setup(false).poll({ 'uuid-ann': { c1: 6 } });
    FakeNotification.permission = 'denied';
    setup(true).poll({ 'uuid-ann': { c1: 7 } });
    expect(FakeNotification.shown).toHaveLength(0);
  });

  it('asks for the permission on first use: the first click of a page where the flag is on, once', () => {
    FakeNotification.permission = 'default';
    setup(false);
    document.body.click();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    setup(true);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    document.body.click();
    document.body.click();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('the first poll answer of a page notifies nothing: those messages were there before', () => {
    expect(newMessagesBetween(undefined, { k: { c: 3 } })).toEqual([]);
    expect(newMessagesBetween({ k: { c: 3 } }, { k: { c: 3, d: 1 }, j: { e: 2 } })).toEqual([
      { mentionKey: 'k', conversationId: 'd' },
      { mentionKey: 'j', conversationId: 'e' },
    ]);
  });
});
