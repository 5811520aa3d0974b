import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from './errors';
import { createTestApp, expectError, get, post, register, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /healthz', () => {
  it('answers 200 while the database answers', async () => {
    const res = await get(t.app, '/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind, bus: { kind: 'local', status: 'ok' }, worker: 0, pid: process.pid });
  });

  it('answers 503 with an envelope once the database is gone', async () => {
    // An app of its own, since this one loses its database.
    const doomed = await createTestApp();
    try {
      await doomed.ctx.db.destroy();
      const body = expectError(await get(doomed.app, '/healthz'), 503, /^The database is not reachable/);
      expect(body.errors![0]!.code).toBe(ErrorCode.unavailable);
    } finally {
      await doomed.close();
    }
  });
});

describe('routes that do not exist', () => {
  it('answers GET with a 404 envelope', async () => {
    const body = expectError(await get(t.app, '/svc/nope?x=1'), 404, 'There is no GET /svc/nope here.');
    expect(body.errors![0]!.code).toBe(ErrorCode.routeNotFound);
    // Without a built client, page paths are not found either.
    expectError(await get(t.app, '/dashboard'), 404);
  });

  it('answers POST with an envelope, not a 500, logged in or not', async () => {
    expectError(await post(t.app, '/svc/nope', { a: 1 }), 404, 'There is no POST /svc/nope here.');
    const s = await register(t.app);
    expectError(await post(t.app, '/svc/nope', { a: 1 }, s), 404);
    expectError(await post(t.app, '/svc/nope', { a: 1 }, { cookie: s.cookie }), 404);
  });
});
