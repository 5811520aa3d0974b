import { describe, expect, it } from 'vitest';
import { applyOverrides, capCount, channelUnread, conversationUnread, markReadIn, setUnreadIn, unreadSum } from './unread';

const channels = [
  { name: 'one', uuid: 't:1', mention_key: 'k1', unread_messages_count_sum: 2 },
  { name: 'two', uuid: 't:2', mention_key: 'k2', unread_messages_count_sum: 3 },
  { name: 'bot', uuid: 't:3', mention_key: 'k3', is_messaging_bot: true, unread_messages_count_sum: 50 },
];

describe('the inbox badge', () => {
  it('sums user info counts across messaging blogs, leaving out bots', () => {
    expect(unreadSum(channels, undefined)).toBe(5);
  });

  it('takes the counts from a poll answer once there is one: a blog it leaves out has none unread', () => {
    const polled = { k1: { c1: 4, c2: 1 }, k3: { c9: 9 } };
    expect(channelUnread(channels[0]!, polled)).toBe(5);
    expect(channelUnread(channels[1]!, polled)).toBe(0);
    expect(unreadSum(channels, polled)).toBe(5);
    expect(unreadSum(channels, {})).toBe(0);
  });

  it("shows '99+' above 99, the number up to 99", () => {
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('99+');
    expect(capCount(unreadSum(channels, { k1: { a: 60 }, k2: { b: 60 } }))).toBe('99+');
  });
});

describe('the unread override', () => {
  it('shows 0 for an opened conversation until it expires, and leaves the others', () => {
    const polled = { k1: { c1: 4, c2: 1 } };
    const overrides = new Map([['c1', 1500]]);
    expect(applyOverrides(polled, overrides, 1000)).toEqual({ k1: { c1: 0, c2: 1 } });
    expect(applyOverrides(polled, overrides, 1500)).toBe(polled);
    expect(conversationUnread(markReadIn(polled, 'c2'), 'c2')).toBe(0);
    expect(conversationUnread(polled, 'c1')).toBe(4);
  });

  it('zeroes only a poll asked before the read: one asked after it counts messages that came since', () => {
    const polled = { k1: { c1: 1 } };
    // Read at 1000 (the override runs to 1500).
    const overrides = new Map([['c1', 1500]]);
    expect(applyOverrides(polled, overrides, 1200, 900)).toEqual({ k1: { c1: 0 } });
    expect(applyOverrides(polled, overrides, 1200, 1100)).toBe(polled);
  });
});

describe('a deleted unread message', () => {
  it("sets the conversation's count to the server's answer where a poll listed it, and nowhere else", () => {
    const polled = { k1: { c1: 3, c2: 1 }, k2: { c3: 2 } };
    const after = setUnreadIn(polled, 'c1', 2)!;
    expect(after).toEqual({ k1: { c1: 2, c2: 1 }, k2: { c3: 2 } });
    expect(setUnreadIn(undefined, 'c1', 2)).toBeUndefined();
  });
});
