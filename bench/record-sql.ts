import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * The SQL texts node-postgres is given by `run`, in order. Only queries started inside `run`
 * count (an async-local scope), so a timer in the app, the queue publisher for one, cannot
 * slip its queries into the record.
 */
export async function recordSql(run: () => Promise<void>): Promise<string[]> {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  const scope = new AsyncLocalStorage<string[]>();
  const seen: string[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const into = scope.getStore();
    const query = args[0];
    into?.push(typeof query === 'string' ? query : (query as { text: string }).text);
    return original.apply(this, args);
  };
  try {
    await scope.run(seen, run);
  } finally {
    proto.query = original;
  }
  return seen;
}

export const dashboardPath = (ref: string) => `/svc/post/dashboard/before/${ref}`;

/**
 * Pages 1 and 2 of the dashboard through `get` (an in-process request to the server): what both
 * feed servers record their SQL on, so the bench can check they send the same.
 */
export async function readTwoPages(get: (path: string) => Promise<{ statusCode: number; body: string }>): Promise<void> {
  const first = await get(dashboardPath('0'));
  if (first.statusCode !== 200) throw new Error(`dashboard page 1: ${first.statusCode} ${first.body.slice(0, 300)}`);
  const next = (JSON.parse(first.body) as { response: { next: string | null } }).response.next;
  if (!next) throw new Error('dashboard page 1 has no next page: the probe user follows too little');
  const second = await get(dashboardPath(next));
  if (second.statusCode !== 200) throw new Error(`dashboard page 2: ${second.statusCode} ${second.body.slice(0, 300)}`);
}
