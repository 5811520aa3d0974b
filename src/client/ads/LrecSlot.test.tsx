import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { content, envelope, post } from '../test/fixtures';
import { mockServer, renderWithApp } from '../test/test-utils';
import { logEvent } from '../logging';
import { LrecSlot, lrecMargin } from './LrecSlot';

vi.mock('../logging', () => ({ logEvent: vi.fn() }));

let visible = true;
let observed: ((entries: { isIntersecting: boolean }[]) => void) | null = null;

function fakeWindow(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        observed = callback;
      }
      observe() {
        observed?.([{ isIntersecting: visible }]);
      }
      disconnect() {}
    },
  );
}

/** Lets the fetch promises, the query's zero-delay notifications and React settle under fake timers. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await act(async () => vi.advanceTimersByTimeAsync(0));
};

let served = 0;
const lrecServer = () =>
  mockServer((call) => {
    if (call.url === '/svc/ads/lrec') {
      served++;
      return envelope({ post: post(content.text, { id: String(100 + served) }) });
    }
    return envelope({}, 404, 'Not here.');
  });

beforeEach(() => {
  vi.useFakeTimers();
  visible = true;
  served = 0;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LrecSlot (spec 2 §9: 300x250 from 990 px, refreshed every 10 s at most 25 times while visible)', () => {
  it('is absent on a narrow window and asks for no ad', async () => {
    fakeWindow(989);
    const calls = lrecServer();
    renderWithApp(<LrecSlot />);
    await settle();
    expect(screen.queryByRole('complementary', { name: 'Sponsored post' })).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows a sponsored promoted post on a wide window, a new one every 10 s, 25 refreshes at most', async () => {
    fakeWindow(990);
    const calls = lrecServer();
    renderWithApp(<LrecSlot />);
    await settle();
    expect(calls.filter((c) => c.url === '/svc/ads/lrec')).toHaveLength(1);
    expect(screen.getByText('Sponsored')).not.toBeNull();
    expect(document.querySelector('[data-ad="101"]')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(9999));
    await settle();
    expect(served).toBe(1);
    await act(async () => vi.advanceTimersByTime(1));
    await settle();
    expect(served).toBe(2);
    expect(document.querySelector('[data-ad="102"]')).not.toBeNull();
    for (let i = 0; i < 40; i++) {
      await act(async () => vi.advanceTimersByTime(10000));
      await settle();
    }
    expect(served).toBe(26);
  });

  it('logs one ad_impression per ad shown and an ad_click when its link is followed', async () => {
    fakeWindow(1280);
    lrecServer();
    vi.mocked(logEvent).mockClear();
    renderWithApp(<LrecSlot />);
    await settle();
    const fields = (id: string) => ({ post_id: id, blog_uuid: expect.any(String), slot: 'lrec' });
    expect(vi.mocked(logEvent).mock.calls).toEqual([['ad_impression', fields('101')]]);
    await act(async () => vi.advanceTimersByTime(10000));
    await settle();
    expect(vi.mocked(logEvent).mock.calls).toEqual([['ad_impression', fields('101')], ['ad_impression', fields('102')]]);
    const link = document.querySelector('[data-ad="102"] a')!;
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(vi.mocked(logEvent).mock.calls.at(-1)).toEqual(['ad_click', fields('102')]);
  });

  it('does not refresh while out of view', async () => {
    fakeWindow(1280);
    visible = false;
    lrecServer();
    renderWithApp(<LrecSlot />);
    await settle();
    for (let i = 0; i < 3; i++) {
      await act(async () => vi.advanceTimersByTime(10000));
      await settle();
    }
    expect(served).toBe(1);
  });

  it('removes the slot when the server has no ad for it', async () => {
    fakeWindow(1280);
    mockServer(() => envelope({ post: null }));
    renderWithApp(<LrecSlot />);
    await settle();
    expect(screen.getByRole('complementary', { name: 'Sponsored post' })).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(5000));
    await settle();
    expect(screen.queryByRole('complementary', { name: 'Sponsored post' })).toBeNull();
  });

  it('sits 17 px from the column, or -65 px with no right column', () => {
    expect([lrecMargin(true), lrecMargin(false)]).toEqual([17, -65]);
  });
});
