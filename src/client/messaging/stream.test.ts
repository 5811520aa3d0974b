import { describe, expect, it, vi } from 'vitest';
import { connectStream } from './stream';

describe('connectStream', () => {
  it('closes for good when the server says a newer stream of the same user took its place', () => {
    const listeners = new Map<string, Array<() => void>>();
    const made: { close: ReturnType<typeof vi.fn> }[] = [];
    const create = () => {
      const source = {
        readyState: 0,
        onerror: null,
        close: vi.fn(),
        addEventListener: (name: string, listener: () => void) => listeners.set(name, [...(listeners.get(name) ?? []), listener]),
      };
      made.push(source);
      return source as never;
    };
    const connected = vi.fn();
    connectStream('tok', () => {}, create, connected);
    listeners.get('open')!.forEach((listener) => listener());
    expect(connected).toHaveBeenLastCalledWith(true);
    listeners.get('superseded')!.forEach((listener) => listener());
    // Closed, counted as not connected (the poller keeps the spec's pace), and not opened again.
    expect(made).toHaveLength(1);
    expect(made[0]!.close).toHaveBeenCalled();
    expect(connected).toHaveBeenLastCalledWith(false);
  });
});
