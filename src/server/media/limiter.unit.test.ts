import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

/** A job that runs until the test says it is done. */
function controlledJob(log: string[], name: string, running: { now: number; most: number }) {
  let finish!: (fail?: boolean) => void;
  const job = () =>
    new Promise<string>((resolve, reject) => {
      running.now++;
      running.most = Math.max(running.most, running.now);
      log.push(`start ${name}`);
      finish = (fail = false) => {
        running.now--;
        log.push(`end ${name}`);
        if (fail) reject(new Error(`${name} failed`));
        else resolve(name);
      };
    });
  return { job, finish: (fail?: boolean) => finish(fail) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('createLimiter', () => {
  it('runs at most `concurrency` jobs at once, the others in the order they came, and refuses past the line', async () => {
    const full = new Error('full');
    const limiter = createLimiter({ concurrency: 2, maxWaiting: 2, whenFull: () => full });
    const log: string[] = [];
    const running = { now: 0, most: 0 };
    const jobs = ['a', 'b', 'c', 'd'].map((name) => controlledJob(log, name, running));
    const results = jobs.map(({ job }) => limiter.run(job));
    // Read at the end; a failure is expected, not unhandled.
    for (const result of results) result.catch(() => {});
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    expect([limiter.active, limiter.waiting]).toEqual([2, 2]);
    // A fifth finds the line full: refused at once, never run.
    await expect(limiter.run(async () => 'e')).rejects.toBe(full);

    jobs[1]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    // A failing job gives its place up too.
    jobs[0]!.finish(true);
    await settle();
    expect(log.slice(-2)).toEqual(['end a', 'start d']);
    jobs[2]!.finish();
    jobs[3]!.finish();
    expect(await Promise.allSettled(results)).toMatchObject([
      { status: 'rejected' },
      { status: 'fulfilled', value: 'b' },
      { status: 'fulfilled', value: 'c' },
      { status: 'fulfilled', value: 'd' },
    ]);
    expect(running.most).toBe(2);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
    // Free again: the next job starts at once.
    await expect(limiter.run(async () => 'f')).resolves.toBe('f');
  });

  it('refuses a concurrency that would run nothing', () => {
    expect(() => createLimiter({ concurrency: 0, maxWaiting: 1, whenFull: () => new Error('full') })).toThrow(/positive/);
  });
});
