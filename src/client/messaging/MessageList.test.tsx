import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReaderSafeMode } from '../ui/safe-mode';
import { GIF_UNAVAILABLE } from './MessageBubble';
import { MessageList } from './MessageList';
import type { Message } from './types';

const BOB = { uuid: 'uuid-bob', name: 'bob', url: '/blog/bob' };
const at = (ts: number, participant: string, text: string): Message => ({ ts: String(ts), timestamp: ts, type: 'TEXT', participant, content: { text } });
const HOUR = 3_600_000;

function renderList(props: Partial<Parameters<typeof MessageList>[0]> = {}) {
  const onFetchNewest = vi.fn();
  const view = render(
    <MessageList
      messages={[]}
      outgoing={[]}
      me="uuid-me"
      myName="ann"
      participants={[BOB]}
      unread={0}
      onFetchNewest={onFetchNewest}
      hasOlder={false}
      onFetchOlder={() => {}}
      onRetry={() => {}}
      onRemove={() => {}}
      {...props}
    />,
  );
  return { ...view, onFetchNewest };
}

describe('MessageList', () => {
  it('shows a time header after a gap of more than an hour, and one name per collapsed group', () => {
    const t0 = 1_790_000_000_000;
    renderList({
      messages: [at(t0, 'uuid-bob', 'hi'), at(t0 + 10_000, 'uuid-bob', 'there'), at(t0 + 20_000, 'uuid-me', 'hello'), at(t0 + 2 * HOUR, 'uuid-me', 'later')],
    });
    expect(document.querySelectorAll('time')).toHaveLength(2);
    const items = [...document.querySelectorAll('li[data-ts]')];
    // bob's two messages: his name once; ann's: once per section.
    expect(items.map((li) => li.textContent)).toEqual([expect.stringContaining('bob'), 'there', expect.stringContaining('ann'), expect.stringContaining('ann')]);
  });

  it('fetches unread messages at once at the bottom', () => {
    const { onFetchNewest } = renderList({ unread: 3 });
    expect(onFetchNewest).toHaveBeenCalledWith(3);
  });

  it("offers a pill away from the bottom ('99+'), which fetches", () => {
    const { onFetchNewest, rerender } = renderList();
    const list = screen.getByRole('region', { name: 'Message history' });
    // jsdom has no layout: a list 1000 px tall, scrolled to its top in a 300 px window.
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 300 });
    list.scrollTop = 0;
    fireEvent.scroll(list);
    rerender(
      <MessageList messages={[]} outgoing={[]} me="uuid-me" myName="ann" participants={[BOB]} unread={120} onFetchNewest={onFetchNewest} hasOlder={false} onFetchOlder={() => {}} onRetry={() => {}} onRemove={() => {}} />,
    );
    expect(onFetchNewest).not.toHaveBeenCalled();
    const pill = screen.getByRole('button', { name: '99+ new messages' });
    fireEvent.click(pill);
    expect(onFetchNewest).toHaveBeenCalledWith(120);
  });

  // Issue 22: the server leaves out a stored GIF another site serves; the bubble says so.
  it('shows a GIF message without an image as unavailable', () => {
    const gif: Message = { ts: '5', timestamp: 5, type: 'IMAGE', participant: 'uuid-bob', content: { text: '' }, context: 'messaging-gif' };
    renderList({ messages: [gif] });
    expect(screen.getByText(GIF_UNAVAILABLE)).toBeTruthy();
  });

  // Issue 22: the message list drew every sender's avatar as not adult.
  it("pixelates an adult sender's avatar for a reader in safe mode, and only then", () => {
    const adult = { ...BOB, is_adult: true };
    const shown = (on: boolean) => {
      const { container, unmount } = render(
        <ReaderSafeMode.Provider value={{ on, own: ['ann'] }}>
          <MessageList messages={[at(HOUR, 'uuid-bob', 'Hi')]} outgoing={[]} me="uuid-me" myName="ann" participants={[adult]} unread={0} onFetchNewest={() => {}} hasOlder={false} onFetchOlder={() => {}} onRetry={() => {}} onRemove={() => {}} />
        </ReaderSafeMode.Provider>,
      );
      const pixelated = container.querySelector('img')?.dataset.pixelated;
      unmount();
      return pixelated;
    };
    expect(shown(true)).toBe('true');
    expect(shown(false)).toBeUndefined();
  });
});
