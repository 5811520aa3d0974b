// The admin's flags (issue 26): site-wide values and per-person overrides, set from the admin page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminFlagsResponse } from '../../shared/flags';
import type { UserInfoResponse } from '../../shared/types';
import { asOwner, blogOf } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let admin: Session;
let ann: Session;
let bob: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await register(t.app);
  ann = await register(t.app);
  bob = await register(t.app);
  await t.db.updateTable('users').set({ is_admin: true }).where('email', '=', admin.body.response.user.email).execute();
});
afterAll(() => t.close());

const features = async (as: Session) => expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', asOwner(as))).user.features;
const setSite = async (name: string, enabled: unknown) => expectOk<AdminFlagsResponse>(await post(t.app, '/svc/admin/flags', { name, enabled }, asOwner(admin)));
const override = (name: string, tumblelog: string, state: string) => post(t.app, '/svc/admin/flags/override', { name, tumblelog, state }, asOwner(admin));
const flag = (answer: AdminFlagsResponse, name: string) => answer.flags.find((f) => f.name === name)!;

describe('the admin flags', () => {
  it('lists every flag with what it gates and its site-wide value', async () => {
    const answer = expectOk<AdminFlagsResponse>(await get(t.app, '/svc/admin/flags', asOwner(admin)));
    expect(answer.flags.map((f) => f.name)).toContain('lrec_on_blog_pages_peepr');
    expect(flag(answer, 'lrec_on_blog_pages_peepr')).toEqual({
      name: 'lrec_on_blog_pages_peepr', enabled: false, description: "The side column's 300x250 ad beside a blog in the drawer.", overrides: [],
    });
    expect(flag(answer, 'messaging_inbox_new').enabled).toBe(true);
    expect(answer.overrides_truncated).toBe(false);
  });

  it('switches a flag site-wide, for everyone at once (form values too)', async () => {
    expect(flag(await setSite('indash_blogs', 'off'), 'indash_blogs').enabled).toBe(false);
    expect((await features(ann)).indash_blogs).toBe(false);
    expect((await features(bob)).indash_blogs).toBe(false);
    expect(flag(await setSite('indash_blogs', true), 'indash_blogs').enabled).toBe(true);
    expect((await features(ann)).indash_blogs).toBe(true);
  });

  it("gives one person their own value, which beats the site's, and takes it back with 'default'", async () => {
    // The old inbox, for ann alone.
    const answer = expectOk<AdminFlagsResponse>(await override('messaging_inbox_new', blogOf(ann), 'off'));
    expect(flag(answer, 'messaging_inbox_new').overrides).toEqual([{ tumblelog: blogOf(ann), email: ann.body.response.user.email, enabled: false }]);
    expect((await features(ann)).messaging_inbox_new).toBe(false);
    expect((await features(bob)).messaging_inbox_new).toBe(true);
    // Setting it again changes nothing more; switching it on replaces it.
    expectOk(await override('messaging_inbox_new', blogOf(ann), 'off'));
    expectOk(await override('messaging_inbox_new', blogOf(ann), 'on'));
    expect((await features(ann)).messaging_inbox_new).toBe(true);
    await setSite('messaging_inbox_new', false);
    expect((await features(ann)).messaging_inbox_new).toBe(true);
    expect((await features(bob)).messaging_inbox_new).toBe(false);
    const back = expectOk<AdminFlagsResponse>(await override('messaging_inbox_new', blogOf(ann), 'default'));
    expect(flag(back, 'messaging_inbox_new').overrides).toEqual([]);
    expect((await features(ann)).messaging_inbox_new).toBe(false);
    await setSite('messaging_inbox_new', true);
  });

  it('refuses an unknown flag, state or blog with what to do, and changes nothing', async () => {
    expectError(await post(t.app, '/svc/admin/flags', { name: 'free_money', enabled: true }, asOwner(admin)), 400, /Say which flag: name must be one of is_mobile_handset, /);
    expectError(await post(t.app, '/svc/admin/flags', { name: 'ask_form', enabled: 'maybe' }, asOwner(admin)), 400, 'enabled must be true or false.');
    expectError(await override('ask_form', blogOf(ann), 'sometimes'), 400, "state must be 'on', 'off' or 'default' (follow the site-wide value).");
    expectError(await override('ask_form', 'nobody-here', 'on'), 404, 'There is no blog named "nobody-here".');
    expectError(await override('ask_form', '  ', 'on'), 400, "Say whose: the tumblelog parameter (one of the person's blogs) is empty.");
    expect(await t.db.selectFrom('feature_flag_overrides').selectAll().execute()).toEqual([]);
  });

  it('is for admins only', async () => {
    expectError(await get(t.app, '/svc/admin/flags', asOwner(ann)), 403);
    expectError(await post(t.app, '/svc/admin/flags', { name: 'ask_form', enabled: false }, asOwner(ann)), 403);
    expectError(await get(t.app, '/svc/admin/flags'), 401);
  });
});
