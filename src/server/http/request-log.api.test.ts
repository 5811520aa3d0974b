import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, markVerified, register, userInfo, verificationPath, type TestApp } from '../test/test-app';

// The request log is written at the default level (info); the README promises it holds no secrets.
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
});
afterAll(() => t.close());

const requestLines = () => lines.map((line) => JSON.parse(line) as { msg: string; url?: string }).filter((line) => line.msg === 'request');

describe('the request log', () => {
  it('writes no polling token, embed key or emailed token, on every route that carries one in its address', async () => {
    const s = await register(t.app);
    await markVerified(t.db, s);
    const token = (await userInfo(t.app, s)).polling_token!;
    const link = await verificationPath(t.dataDir, s.body.response.user.email);
    const emailed = link.split('/').at(-1)!;
    lines.length = 0;

    expect((await get(t.app, `/services/poll?token=${token}&unread_messages=true`)).statusCode).toBe(200);
    expect((await get(t.app, `/services/poll?unread_messages=true&TOKEN=${token}`)).statusCode).not.toBe(500);
    // A name spelled with an escape is the same parameter to the route, so it is redacted too.
    expect((await get(t.app, `/services/poll?t%6Fken=${token}&unread_messages=true`)).statusCode).toBe(200);
    await get(t.app, '/embed/post/somebody/123?key=embed-secret-123');
    await get(t.app, link, s);

    const logged = requestLines();
    expect(logged.length).toBe(5);
    for (const line of lines) {
      expect(line).not.toContain(token);
      expect(line).not.toContain('embed-secret-123');
      expect(line).not.toContain(emailed);
    }
    expect(logged.map((line) => line.url)).toEqual([
      '/services/poll?token=[redacted]&unread_messages=true',
      '/services/poll?unread_messages=true&TOKEN=[redacted]',
      '/services/poll?t%6Fken=[redacted]&unread_messages=true',
      '/embed/post/somebody/123?key=[redacted]',
      '/svc/account/verify/:token',
    ]);
  });

  it('keeps the rest of the address, which is what makes a line useful', async () => {
    lines.length = 0;
    await get(t.app, '/svc/search/typeahead?q=lan&limit=5');
    expect(requestLines().map((line) => line.url)).toEqual(['/svc/search/typeahead?q=lan&limit=5']);
  });
});
