import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope } from '../../shared/types';
import { createTestApp, expectError, get, type TestApp } from '../test/test-app';
import { ErrorCode } from './errors';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A raw request to the app listening on loopback: Node's parser refuses some before Fastify sees them. */
function rawGet(port: number, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
    });
    request.on('error', reject);
  });
}

describe('answers given before any route runs', () => {
  it('a path part longer than the router reads is 414 in the envelope, with what to do', async () => {
    const body = expectError(await get(t.app, `/svc/tumblelog_popover/${'a'.repeat(1200)}`), 414, /longer than 1,000 characters.*Shorten it/);
    expect(body.errors).toEqual([{ code: ErrorCode.addressTooLong, title: body.meta.msg }]);
  });

  it('an address that cannot be decoded is 400 in the envelope', async () => {
    expectError(await get(t.app, '/svc/tumblelog_popover/%E0%A4%A'), 400, /not valid/);
  });

  it('headers over the limit are 431 in the envelope, and the server keeps serving', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await rawGet(port, '/svc/user/info', { cookie: `sid=${'x'.repeat(20_000)}` });
    expect(answer.status).toBe(431);
    expect(answer.type).toMatch(/^application\/json/);
    const body = JSON.parse(answer.body) as Envelope<Record<string, never>>;
    expect(body.meta.status).toBe(431);
    expect(body.meta.msg).toMatch(/larger than the \d+ KB limit\. Shorten the address, or clear this site's cookies/);
    expect(body.response).toEqual({});
    expect(body.errors).toEqual([{ code: ErrorCode.headersTooLarge, title: body.meta.msg }]);

    const after = await rawGet(port, '/healthz', {});
    expect(after.status).toBe(200);
  });
});
