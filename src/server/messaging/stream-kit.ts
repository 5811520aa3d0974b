// Test helper: an open /services/stream, read as a browser's EventSource would, event by event.
import http from 'node:http';

export interface OpenStream {
  status: number;
  /** Resolves with the data of the first event of that name not yet taken (received before or after the call). */
  next(event: string, timeoutMs?: number): Promise<string>;
  /** Every event name received so far. */
  events: string[];
  close(): void;
  ended: Promise<void>;
}

export function openStream(port: number, path: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { accept: 'text/event-stream' } }, (response) => {
      const events: string[] = [];
      const waiters: { event: string; resolve: (data: string) => void }[] = [];
      /** Events received and not yet taken by next(). */
      const unread: { name: string; data: string }[] = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const name = block.match(/^event: (.*)$/m)?.[1];
          if (!name) continue;
          const data = block.match(/^data: (.*)$/m)?.[1] ?? '';
          events.push(name);
          const waiter = waiters.find((w) => w.event === name);
          if (waiter) {
            waiters.splice(waiters.indexOf(waiter), 1);
            waiter.resolve(data);
          } else unread.push({ name, data });
        }
      });
      const ended = new Promise<void>((done) => {
        response.on('end', done);
        response.on('close', done);
      });
      resolve({
        status: response.statusCode ?? 0,
        events,
        next: (event, timeoutMs = 5000) =>
          new Promise((done, fail) => {
            const taken = unread.findIndex((e) => e.name === event);
            if (taken >= 0) return done(unread.splice(taken, 1)[0]!.data);
            const timer = setTimeout(() => fail(new Error(`no "${event}" event within ${timeoutMs} ms (got: ${events.join(', ')})`)), timeoutMs);
            waiters.push({ event, resolve: (data) => {
              clearTimeout(timer);
              done(data);
            } });
          }),
        close: () => request.destroy(),
        ended,
      });
    });
    request.on('error', reject);
  });
}
