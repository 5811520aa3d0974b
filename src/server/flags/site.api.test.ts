import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteInfoResponse } from '../../shared/flags';
import { readConfig } from '../config';
import { createTestApp, expectOk, get, register, userByEmail, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let user: Session;

beforeAll(async () => {
  t = await createTestApp();
  user = await register(t.app);
});
afterAll(() => t.close());

const siteInfo = async (as?: Session) => expectOk(await get(t.app, '/svc/site', as)) as unknown as SiteInfoResponse;
const setSiteFlag = (name: string, enabled: boolean) => t.db.updateTable('feature_flags').set({ enabled }).where('name', '=', name).execute();

describe('GET /svc/site', () => {
  // Issue 22: the flag says whether the site offers safe mode, which it does unless turned off.
  it('gives a logged-out visitor the site flags, safe mode offered by default, and no app', async () => {
    const site = await siteInfo();
    expect(site.features.safe_mode).toBe(true);
    expect(site.has_app).toBe(false);
    expect(site.app_url).toBeNull();
  });

  it('follows the site flag safe_mode at once, for a visitor and a user alike', async () => {
    await setSiteFlag('safe_mode', false);
    try {
      expect((await siteInfo()).features.safe_mode).toBe(false);
      expect((await siteInfo(user)).features.safe_mode).toBe(false);
    } finally {
      await setSiteFlag('safe_mode', true);
    }
    expect((await siteInfo()).features.safe_mode).toBe(true);
  });

  it("never carries a user's own override: those come with the user info", async () => {
    const { id } = await userByEmail(t.db, user.body.response.user.email);
    await t.db.insertInto('feature_flag_overrides').values({ name: 'safe_mode', user_id: id, enabled: false }).execute();
    try {
      expect((await siteInfo(user)).features.safe_mode).toBe(true);
      expect((await siteInfo()).features.safe_mode).toBe(true);
    } finally {
      await t.db.deleteFrom('feature_flag_overrides').where('user_id', '=', id).execute();
    }
  });
});

describe('GET /svc/site with an app configured (APP_URL)', () => {
  it("offers the app's address to everyone", async () => {
    const withApp = await createTestApp({}, { APP_URL: 'https://apps.example.org/tumbleweed' });
    try {
      const site = expectOk(await get(withApp.app, '/svc/site')) as unknown as SiteInfoResponse;
      expect(site.has_app).toBe(true);
      expect(site.app_url).toBe('https://apps.example.org/tumbleweed');
    } finally {
      await withApp.close();
    }
  });

  it('refuses to start with an APP_URL that is not an http(s) address', () => {
    expect(() => readConfig({ APP_URL: 'javascript:alert(1)' })).toThrow(/APP_URL must be an absolute http\(s\) address/);
    expect(() => readConfig({ APP_URL: 'apps.example.org' })).toThrow(/APP_URL/);
    expect(readConfig({ APP_URL: ' ' }).appUrl).toBeNull();
  });
});
