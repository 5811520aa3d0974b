import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../ui/dialogs';
import { openConversationByName } from './open';
import { messagingUi } from './store';

const ME = { uuid: 'uuid-ann', name: 'ann' };
const ok = (response: unknown) => new Response(JSON.stringify({ meta: { status: 200, msg: 'OK' }, response }), { status: 200 });
const notFound = () => new Response(JSON.stringify({ meta: { status: 404, msg: 'Not Found' }, response: {} }), { status: 404 });

/** Answers GET calls by path: the blog popover data, then participant_info. */
function serve(routes: Record<string, () => Response>) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (url) => {
    const path = String(url);
    const hit = Object.entries(routes).find(([prefix]) => path.startsWith(prefix));
    return hit ? hit[1]() : notFound();
  });
}

async function expectAlert(text: string, opening: Promise<boolean>) {
  expect(await screen.findByText(text)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'OK' }));
  expect(await opening).toBe(false);
  expect(messagingUi.get().windows).toEqual([]);
}

describe('opening a conversation from a link', () => {
  beforeEach(() => {
    messagingUi.reset();
    render(<DialogHost />);
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens the window when the blog can receive messages', async () => {
    serve({
      '/svc/tumblelog_popover/bob': () => ok({ name: 'bob', uuid: 'uuid-bob', url: '/blog/bob' }),
      '/svc/conversations/participant_info': () => ok({ name: 'bob', uuid: 'uuid-bob', url: '/blog/bob', can_receive_messages: true }),
    });
    expect(await openConversationByName('bob', ME, ['ann'])).toBe(true);
    expect(messagingUi.get().windows).toMatchObject([{ id: 'new:uuid-ann:uuid-bob', participantUuid: 'uuid-ann', isMinimized: false }]);
  });

  it("alerts 'Could not load conversation.' for a blog with no uuid", async () => {
    serve({});
    await expectAlert('Could not load conversation.', openConversationByName('nobody', ME, ['ann']));
  });

  it('alerts when the blog cannot receive messages', async () => {
    serve({
      '/svc/tumblelog_popover/bob': () => ok({ name: 'bob', uuid: 'uuid-bob', url: '/blog/bob' }),
      '/svc/conversations/participant_info': () => ok({ name: 'bob', uuid: 'uuid-bob', url: '/blog/bob', can_receive_messages: false }),
    });
    await expectAlert("This Tumblr can't receive messages.", openConversationByName('bob', ME, ['ann']));
  });

  it('never opens a conversation with one of the own blogs', async () => {
    const fetch = serve({});
    expect(await openConversationByName('ann', ME, ['ann'])).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });
});
