import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, TumblelogOwnerData } from '../../shared/activity/types';
import { seedAndLogInDemo } from '../test/demo';
import { createTestApp, expectOk, get, userInfo, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let demo: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAndLogInDemo(t);
});
afterAll(() => t.close());

describe('demo activity', () => {
  it('gives the demo blog a week of activity on first start, all unread', async () => {
    const as = { cookie: demo.cookie, formKey: demo.formKey };
    const data = expectOk<TumblelogOwnerData>(
      await get(t.app, '/svc/data/tumblelog?tumblelog=demo&include_member_data=1&include_activity_data=1&include_activity_notifications=1', as),
    );
    const notifications = data.activity_notifications!;
    expect(new Set(notifications.map((n) => n.type))).toEqual(new Set(['follower', 'like', 'reply', 'new_post', 'reblog']));
    expect(notifications.every((n) => n.unread)).toBe(true);
    // Spread over days, newest first, so the popover shows several date headers.
    const days = notifications.map((n) => Math.floor((Date.now() / 1000 - n.timestamp) / 86_400));
    expect(Math.max(...days)).toBeGreaterThanOrEqual(5);
    expect([...days].sort((a, b) => a - b)).toEqual(days);
    expect(Math.max(...data.activity_data!.sparkline)).toBeGreaterThan(0);
    expect(data.member_data!.activity_unread).toBe(notifications.length);

    const info = await userInfo(t.app, as);
    expect(info.channels.find((c) => c.name === 'demo')!.activity_unread).toBe(notifications.length);
    const sketches = expectOk<ActivityPage>(await get(t.app, '/svc/activity/demo-sketches', as));
    expect(sketches.notifications.map((n) => n.message)).toEqual(['staff started following you']);
  });
});
