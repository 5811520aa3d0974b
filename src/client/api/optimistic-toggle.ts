// The optimistic toggles (like, follow, subscribe; STYLE.md pattern 8, spec 1 §4) on one
// mechanism: a wish shows at once in every cache, the calls for one thing (a post, a blog) go out
// one at a time, and what shows is always the last state the server confirmed with the wishes
// still waiting applied on top; so a failed call falls back to what the server last said.
import type { QueryClient } from '@tanstack/react-query';

export interface Wish<T> {
  /** Wishes of one kind replace each other while they wait: like-unlike-like sends one call. */
  kind: string;
  /** The state shown once this wish is granted, from the state before it. */
  next: (state: T) => T;
  /** Whether the server still has to be asked, given what it last confirmed. */
  needed: (confirmed: T) => boolean;
  /** Asks the server; answers the state it confirms. */
  send: () => Promise<T>;
}

export interface ToggleTarget<T> {
  /** One line of calls per target (a post's like, a blog's follow state). */
  key: string;
  /** What the caches show now, read when no call is out: the start of the ledger. */
  current: () => T;
  /** Writes a state into every cache that holds the target. */
  show: (state: T) => void;
}

interface Entry<T> {
  wish: Wish<T>;
  settle: { resolve: (state: T) => void; reject: (error: unknown) => void }[];
}

interface Line<T> {
  target: ToggleTarget<T>;
  confirmed: T;
  /** The first entry is the one out (or about to go out); the others wait. */
  queue: Entry<T>[];
}

// Per query client: the caches patched are that client's, and tests and logouts start clean.
const linesByClient = new WeakMap<QueryClient, Map<string, Line<unknown>>>();

/** The lines of one client; each key holds one kind of state, so reading it as T is safe. */
function linesOf<T>(queryClient: QueryClient): Map<string, Line<T>> {
  let lines = linesByClient.get(queryClient);
  if (!lines) linesByClient.set(queryClient, (lines = new Map()));
  return lines as unknown as Map<string, Line<T>>;
}

const shown = <T>(line: Line<T>) => line.queue.reduce((state, entry) => entry.wish.next(state), line.confirmed);

/**
 * Asks for `wish` on `target`: it shows at once; the promise resolves with the state the server
 * confirmed once the wish is served (at once when nothing needs asking), and rejects when its
 * call fails.
 */
export function requestToggle<T>(queryClient: QueryClient, target: ToggleTarget<T>, wish: Wish<T>): Promise<T> {
  const lines = linesOf<T>(queryClient);
  let line = lines.get(target.key);
  const starting = !line;
  if (!line) lines.set(target.key, (line = { target, confirmed: target.current(), queue: [] }));
  const promise = new Promise<T>((resolve, reject) => {
    const waiting = line.queue.length > 1 ? line.queue.at(-1) : undefined;
    const settle = { resolve, reject };
    if (waiting && waiting.wish.kind === wish.kind) {
      // Not sent yet: this wish takes its place, and answers its callers too.
      line.queue[line.queue.length - 1] = { wish, settle: [...waiting.settle, settle] };
    } else {
      line.queue.push({ wish, settle: [settle] });
    }
  });
  target.show(shown(line));
  if (starting) void drain(lines, line);
  return promise;
}

async function drain<T>(lines: Map<string, Line<T>>, line: Line<T>) {
  while (line.queue.length > 0) {
    const entry = line.queue[0]!;
    try {
      if (entry.wish.needed(line.confirmed)) line.confirmed = await entry.wish.send();
      line.queue.shift();
      entry.settle.forEach(({ resolve }) => resolve(line.confirmed));
    } catch (error) {
      line.queue.shift();
      entry.settle.forEach(({ reject }) => reject(error));
    }
    // What the server said, with the wishes still waiting on top.
    line.target.show(shown(line));
  }
  lines.delete(line.target.key);
}
