import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createImpressionTracker, IMPRESSION } from './impressions';

/** A stand-in IntersectionObserver the test drives by hand. */
class FakeObserver {
  static last: FakeObserver;
  readonly watched = new Set<Element>();
  constructor(readonly callback: (entries: Array<Partial<IntersectionObserverEntry>>) => void) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  show(target: Element, ratio: number) {
    this.callback([{ target, isIntersecting: ratio > 0, intersectionRatio: ratio }]);
  }
}

const card = (id: string) => {
  const element = document.createElement('article');
  element.dataset.postId = id;
  element.dataset.blogUuid = `t:${id}`;
  return element;
};

describe('post impressions', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('counts a post once when at least half of it stayed visible for one second', () => {
    const log = vi.fn();
    const tracker = createImpressionTracker(log)!;
    const a = card('1');
    tracker.observe(a);
    FakeObserver.last.show(a, IMPRESSION.visibleRatio);
    vi.advanceTimersByTime(IMPRESSION.dwellMs - 1);
    expect(log).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(log).toHaveBeenCalledWith('post_impression', { post_id: '1', blog_uuid: 't:1' });
    // Seen again in the same view: not counted again.
    FakeObserver.last.show(a, 0);
    FakeObserver.last.show(a, 1);
    vi.advanceTimersByTime(5000);
    expect(log).toHaveBeenCalledTimes(1);
  });

  it('does not count a post that left (or was under half visible) before the second was up', () => {
    const log = vi.fn();
    const tracker = createImpressionTracker(log)!;
    const a = card('2');
    tracker.observe(a);
    FakeObserver.last.show(a, 0.4);
    vi.advanceTimersByTime(3000);
    FakeObserver.last.show(a, 0.9);
    vi.advanceTimersByTime(900);
    FakeObserver.last.show(a, 0.2);
    vi.advanceTimersByTime(3000);
    expect(log).not.toHaveBeenCalled();
    tracker.disconnect();
  });
});
