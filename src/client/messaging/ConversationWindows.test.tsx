import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIMITS } from '../../shared/constants';
import { NO_FEATURES } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { blogFixture } from '../test-blog';
import { ReaderSafeMode } from '../ui/safe-mode';
import { ConversationWindows } from './ConversationWindows';
import { messagingUi } from './store';

const info: UserInfoResponse = {
  form_key: 'fk',
  user: {
    name: 'ann', email: 'ann@example.com', liked_post_count: 0, friend_count: 0, primary: 'ann',
    channels: [{ ...blogFixture('ann'), unread_count: 0, can_send_messages: true, is_primary: true }],
    can_message: true, is_sounds_enabled: true, is_verified_email: true, safe_mode: false, unread_count: 0,
    limits: LIMITS, language: 'en_US', defaultEditorType: 'rich', features: NO_FEATURES, is_admin: false,
  },
};

const open = (id: string, name: string, multiWindow: boolean, is_adult = false) => {
  messagingUi.setMultiWindow(multiWindow);
  messagingUi.dispatch({
    type: 'open',
    record: { id, participantUuid: 'uuid-ann', participants: [{ uuid: `uuid-${name}`, name, url: `/blog/${name}`, is_adult }] },
    now: Number(id),
  });
};

function renderWindows(safeMode = false) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(
    async () => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response: { id: '1', can_send: true, messages: { data: [] } } }), { status: 200 }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ReaderSafeMode.Provider value={{ on: safeMode, own: ['ann'] }}>
          <ConversationWindows info={info} />
        </ReaderSafeMode.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('conversation windows', () => {
  beforeEach(() => messagingUi.reset());
  afterEach(() => vi.restoreAllMocks());

  it('Tab and Shift+Tab in a compose box move to the next and previous window', async () => {
    open('1', 'bob', true);
    open('2', 'cid', true);
    renderWindows();
    const bob = screen.getByLabelText('Message bob');
    const cid = screen.getByLabelText('Message cid');
    await waitFor(() => expect((bob as HTMLTextAreaElement).disabled || (cid as HTMLTextAreaElement).disabled).toBe(false));
    bob.focus();
    fireEvent.keyDown(bob, { key: 'Tab' });
    expect(document.activeElement).toBe(cid);
    fireEvent.keyDown(cid, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(bob);
  });

  it('opening one minimizes the other: a tab with its avatar, which restores it', async () => {
    open('1', 'bob', false);
    open('2', 'cid', false);
    renderWindows();
    expect(screen.queryByLabelText('Message bob')).toBeNull();
    expect(screen.getByLabelText('Message cid')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open conversation with bob' }));
    expect(screen.getByLabelText('Message bob')).toBeTruthy();
    expect(screen.queryByLabelText('Message cid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open conversation with cid' })).toBeTruthy();
    // The header: the other blog's name, linked to its blog.
    expect(screen.getByRole('heading', { name: 'bob' }).querySelector('a')?.getAttribute('href')).toBe('/blog/bob');
  });

  it('with several windows on, a tab restores its window beside the open one', () => {
    open('1', 'bob', true);
    open('2', 'cid', true);
    messagingUi.dispatch({ type: 'minimize', id: '1' });
    renderWindows();
    fireEvent.click(screen.getByRole('button', { name: 'Open conversation with bob' }));
    expect(screen.getByLabelText('Message bob')).toBeTruthy();
    expect(screen.getByLabelText('Message cid')).toBeTruthy();
  });

  it('on a phone only the newest open window shows; the other open one waits as a tab', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 560px)', addEventListener() {}, removeEventListener() {} }));
    try {
      open('1', 'bob', true);
      open('2', 'cid', true);
      renderWindows();
      expect(screen.getByLabelText('Message cid')).toBeTruthy();
      expect(screen.queryByLabelText('Message bob')).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Open conversation with bob' }));
      expect(screen.getByLabelText('Message bob')).toBeTruthy();
      expect(screen.queryByLabelText('Message cid')).toBeNull();
      // Both still open: the person chose several windows.
      expect(messagingUi.get().windows.every((w) => !w.isMinimized)).toBe(true);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  // Issue 22: the minimized tab drew its avatar as not adult.
  it("a minimized tab pixelates an adult blog's avatar for a reader in safe mode", () => {
    open('1', 'after-dark', false, true);
    open('2', 'cid', false);
    renderWindows(true);
    const tab = screen.getByRole('button', { name: 'Open conversation with after-dark' });
    expect(tab.querySelector('img')?.dataset.pixelated).toBe('true');
    expect(tab.querySelector('img')?.getAttribute('src')).toBe('/svc/avatar/after-dark/16');
  });
});
