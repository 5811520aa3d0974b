// autocannon ships no types and @types/autocannon is not installed: only what the bench uses.
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    body?: string;
  }

  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }

  interface Result {
    /** Seconds the run actually lasted. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Answers with a 2xx status. */
    '2xx': number;
    requests: Histogram & { sent: number };
    latency: Histogram;
  }

  /** A run: awaited for its result, or stopped early with stop(). */
  type Instance = Promise<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
