import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, get, newAccount, register, userInfo, verificationPath, type TestApp } from '../test/test-app';

// ADMIN_EMAILS: an admin by configuration, once the mailbox is proved (verification), never before.
let t: TestApp;
const admin = newAccount('boss');
beforeAll(async () => {
  t = await createTestApp({}, { ADMIN_EMAILS: ` someone@example.com , ${admin.email.toUpperCase()} ` });
});
afterAll(() => t.close());

describe('ADMIN_EMAILS', () => {
  it('makes a listed account an admin when it verifies its email, not when it registers', async () => {
    const { cookie } = await register(t.app, admin);
    expect((await userInfo(t.app, { cookie })).is_admin).toBe(false);
    expect((await get(t.app, '/svc/admin/appeals', { cookie })).statusCode).toBe(403);
    await get(t.app, await verificationPath(t.dataDir, admin.email), { cookie });
    expect((await userInfo(t.app, { cookie })).is_admin).toBe(true);
    expect((await get(t.app, '/svc/admin/appeals', { cookie })).statusCode).toBe(200);
  });

  it('leaves everyone else as they are', async () => {
    const other = newAccount('plain');
    const { cookie } = await register(t.app, other);
    await get(t.app, await verificationPath(t.dataDir, other.email), { cookie });
    expect((await userInfo(t.app, { cookie })).is_admin).toBe(false);
  });
});
