import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import type { UserInfoResponse } from '../../shared/types';
import {
  avatarUrlOf,
  countRows,
  createTestApp,
  expectError,
  expectOk,
  get,
  newAccount,
  post,
  register,
  userByEmail,
  type NewAccount,
  type Session,
  type TestApp,
} from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /svc/user/info', () => {
  it('answers 401 when logged out', async () => {
    expectError(await get(t.app, '/svc/user/info'), 401, 'You need to log in to do that.');
  });

  it('answers 401 to a cookie that is not a session', async () => {
    expectError(await get(t.app, '/svc/user/info', { cookie: 'sid=made-up' }), 401);
  });

  it('answers 401 to a session that has expired', async () => {
    const account = newAccount('expired');
    const s = await register(t.app, account);
    const user = await userByEmail(t.db, account.email);
    await t.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 60_000) }).where('user_id', '=', user.id).execute();
    expectError(await get(t.app, '/svc/user/info', s), 401);
  });

  it('answers the spec fields and the form key when logged in', async () => {
    const account = newAccount('info');
    const s = await register(t.app, account);
    const res = await get(t.app, '/svc/user/info', s);
    expect(res.headers['cache-control']).toBe('no-store');
    const { user, form_key } = expectOk<UserInfoResponse>(res);
    expect(form_key).toBe(s.formKey);
    expect(user).toEqual({
      name: account.blog_name,
      email: account.email,
      liked_post_count: 0,
      friend_count: 0,
      channels: [expect.any(Object)],
      primary: account.blog_name,
      can_message: false,
      is_sounds_enabled: true,
      is_desktop_notifications_enabled: false,
      is_multi_window_enabled: false,
      palette: 'system',
      is_alt_text_reminder_enabled: true,
      is_verified_email: false,
      safe_mode: true,
      unread_count: 0,
      limits: LIMITS,
      language: 'en_US',
      defaultEditorType: 'rich',
      features: expect.objectContaining({ dashboard_refresh: true, is_mobile_handset: false }),
      is_admin: false,
      polling_token: expect.stringMatching(/^[0-9a-f]{64}$/),
      polling_frequency_inbox: 15,
      polling_frequency_conversation: 60,
      messaging_max_image_bytes: 10485760,
      messaging_inbox_favorites_append_limit: 3,
    });
    const blog = await t.db.selectFrom('blogs').selectAll().where('name', '=', account.blog_name).executeTakeFirstOrThrow();
    expect(user.channels[0]).toMatchObject({
      name: account.blog_name,
      uuid: blog.uuid,
      title: account.blog_name,
      url: `http://localhost:3000/blog/${account.blog_name}`,
      avatar_url_48: avatarUrlOf(account.blog_name, 48),
      unread_count: 0,
      can_send_messages: false,
      is_current: true,
      is_primary: true,
      mention_key: blog.uuid,
      is_messaging_bot: false,
      unread_messages_count_sum: 0,
    });
    expect(user.channels[0]!.uuid).toMatch(UUID);
  });

  it('counts the blogs the user follows as friend_count', async () => {
    const account = newAccount('friends');
    const s = await register(t.app, account);
    const a = await register(t.app);
    const b = await register(t.app);
    const me = await userByEmail(t.db, account.email);
    const blogIds = await t.db
      .selectFrom('blogs')
      .select('id')
      .where('name', 'in', [a.body.response.user.primary, b.body.response.user.primary])
      .execute();
    await t.db
      .insertInto('follows')
      .values(blogIds.map(({ id }) => ({ user_id: me.id, blog_id: id })))
      .execute();
    expect(expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', s)).user.friend_count).toBe(2);
    // Following is per user: the followed people's counts are unchanged.
    expect(expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', a)).user.friend_count).toBe(0);
  });
});

describe('POST /svc/user/settings', () => {
  let account: NewAccount;
  let s: Session;
  beforeAll(async () => {
    account = newAccount('settings');
    s = await register(t.app, account);
  });

  const settingsOf = async () => {
    const { safe_mode, sounds_enabled, default_editor_type } = await userByEmail(t.db, account.email);
    return { safe_mode, sounds_enabled, default_editor_type };
  };

  it('changes settings sent as JSON booleans, leaving the others alone', async () => {
    const res = await post(t.app, '/svc/user/settings', { safe_mode: false }, s);
    const { user, form_key } = expectOk<UserInfoResponse>(res);
    expect(user).toMatchObject({ safe_mode: false, is_sounds_enabled: true, defaultEditorType: 'rich' });
    expect(form_key).toBe(s.formKey);
    expect(await settingsOf()).toEqual({ safe_mode: false, sounds_enabled: true, default_editor_type: 'rich' });

    expectOk(await post(t.app, '/svc/user/settings', { is_sounds_enabled: false, default_editor_type: 'markdown' }, s));
    expect(await settingsOf()).toEqual({ safe_mode: false, sounds_enabled: false, default_editor_type: 'markdown' });
  });

  it("changes settings sent as a form with 'on' and 'off'", async () => {
    const on = new URLSearchParams({ safe_mode: 'on', is_sounds_enabled: 'on', default_editor_type: 'html' });
    const { user } = expectOk<UserInfoResponse>(await post(t.app, '/svc/user/settings', on, s));
    expect(user).toMatchObject({ safe_mode: true, is_sounds_enabled: true, defaultEditorType: 'html' });
    expect(await settingsOf()).toEqual({ safe_mode: true, sounds_enabled: true, default_editor_type: 'html' });

    const off = new URLSearchParams({ safe_mode: 'off', is_sounds_enabled: 'off' });
    expectOk(await post(t.app, '/svc/user/settings', off, s));
    expect(await settingsOf()).toEqual({ safe_mode: false, sounds_enabled: false, default_editor_type: 'html' });
    // What user info answers afterwards agrees.
    const { user: after } = expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', s));
    expect(after).toMatchObject({ safe_mode: false, is_sounds_enabled: false, defaultEditorType: 'html' });
  });

  it('keeps the desktop notifications flag (spec 2 §6): off at first, on and off again, in user info', async () => {
    const other = newAccount('desktop-notes');
    const them = await register(t.app, other);
    const info = async () => expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', them)).user;
    expect((await info()).is_desktop_notifications_enabled).toBe(false);
    const on = expectOk<UserInfoResponse>(await post(t.app, '/svc/user/settings', { is_desktop_notifications_enabled: true }, them));
    expect(on.user.is_desktop_notifications_enabled).toBe(true);
    expect((await userByEmail(t.db, other.email)).desktop_notifications_enabled).toBe(true);
    expect((await info()).is_desktop_notifications_enabled).toBe(true);
    // The others' settings stay as they were, and a form's 'off' turns it off.
    expect((await info()).is_sounds_enabled).toBe(true);
    expectOk(await post(t.app, '/svc/user/settings', new URLSearchParams({ is_desktop_notifications_enabled: 'off' }), them));
    expect((await info()).is_desktop_notifications_enabled).toBe(false);
    expectError(await post(t.app, '/svc/user/settings', { is_desktop_notifications_enabled: 'sometimes' }, them), 400, 'is_desktop_notifications_enabled must be true or false.');
    expect((await info()).is_desktop_notifications_enabled).toBe(false);
    expectError(await post(t.app, '/svc/user/settings', { is_desktop_notifications_enabled: true }), 401);
  });

  it('keeps the multi-window choice (spec 2 §4): off at first, saved, in user info', async () => {
    const other = newAccount('multi-window');
    const them = await register(t.app, other);
    const info = async () => expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', them)).user;
    expect((await info()).is_multi_window_enabled).toBe(false);
    const on = expectOk<UserInfoResponse>(await post(t.app, '/svc/user/settings', { is_multi_window_enabled: true }, them));
    expect(on.user.is_multi_window_enabled).toBe(true);
    expect((await userByEmail(t.db, other.email)).multi_window_enabled).toBe(true);
    expect((await info()).is_multi_window_enabled).toBe(true);
    // The other messaging settings stay as they were, and a form's 'off' turns it off.
    expect((await info()).is_desktop_notifications_enabled).toBe(false);
    expectOk(await post(t.app, '/svc/user/settings', new URLSearchParams({ is_multi_window_enabled: 'off' }), them));
    expect((await info()).is_multi_window_enabled).toBe(false);
    expectError(await post(t.app, '/svc/user/settings', { is_multi_window_enabled: 'both' }, them), 400, 'is_multi_window_enabled must be true or false.');
    expect((await info()).is_multi_window_enabled).toBe(false);
    expectError(await post(t.app, '/svc/user/settings', { is_multi_window_enabled: true }), 401);
  });

  it('keeps the colour palette (issue 24 item 10): system at first, saved, in user info; anything else is a 400 that changes nothing', async () => {
    const other = newAccount('palette');
    const them = await register(t.app, other);
    const info = async () => expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', them)).user;
    expect((await info()).palette).toBe('system');
    const dark = expectOk<UserInfoResponse>(await post(t.app, '/svc/user/settings', { palette: 'dark' }, them));
    expect(dark.user.palette).toBe('dark');
    expect((await userByEmail(t.db, other.email)).palette).toBe('dark');
    expectOk(await post(t.app, '/svc/user/settings', new URLSearchParams({ palette: 'light' }), them));
    expect((await info()).palette).toBe('light');
    for (const palette of ['purple', '', 3, null, ['dark']]) {
      const body = expectError(await post(t.app, '/svc/user/settings', { palette }, them), 400, 'palette must be one of: system, navy, light, dark.');
      expect(body.errors?.[0]).toMatchObject({ field: 'palette' });
    }
    expect((await info()).palette).toBe('light');
    expectError(await post(t.app, '/svc/user/settings', { palette: 'dark' }), 401);
  });

  it('keeps the alt-text reminder choice (issue 24.4): on at first, saved, in user info', async () => {
    const other = newAccount('alt-reminder');
    const them = await register(t.app, other);
    const info = async () => expectOk<UserInfoResponse>(await get(t.app, '/svc/user/info', them)).user;
    expect((await info()).is_alt_text_reminder_enabled).toBe(true);
    const off = expectOk<UserInfoResponse>(await post(t.app, '/svc/user/settings', new URLSearchParams({ is_alt_text_reminder_enabled: 'off' }), them));
    expect(off.user.is_alt_text_reminder_enabled).toBe(false);
    expect((await userByEmail(t.db, other.email)).alt_text_reminder_enabled).toBe(false);
    expect((await info()).is_sounds_enabled).toBe(true);
    expectError(await post(t.app, '/svc/user/settings', { is_alt_text_reminder_enabled: 'later' }, them), 400, 'is_alt_text_reminder_enabled must be true or false.');
    expect((await info()).is_alt_text_reminder_enabled).toBe(false);
    expectOk(await post(t.app, '/svc/user/settings', { is_alt_text_reminder_enabled: true }, them));
    expect((await info()).is_alt_text_reminder_enabled).toBe(true);
    expectError(await post(t.app, '/svc/user/settings', { is_alt_text_reminder_enabled: false }), 401);
  });

  const bad: [string, object, string, string][] = [
    ['a word that is not a flag', { safe_mode: 'maybe' }, 'safe_mode must be true or false.', 'safe_mode'],
    ['a number', { is_sounds_enabled: 2 }, 'is_sounds_enabled must be true or false.', 'is_sounds_enabled'],
    [
      'an unknown editor',
      { default_editor_type: 'wysiwyg' },
      'default_editor_type must be one of: rich, html, markdown.',
      'default_editor_type',
    ],
  ];
  it.each(bad)('refuses %s with 400 and changes nothing', async (_case, body, message, field) => {
    const before = { rows: await countRows(t.db), settings: await settingsOf() };
    const res = await post(t.app, '/svc/user/settings', { safe_mode: true, ...body }, s);
    expect(expectError(res, 400, message).errors![0]).toMatchObject({ field });
    expect({ rows: await countRows(t.db), settings: await settingsOf() }).toEqual(before);
  });

  it('refuses an empty body with 400', async () => {
    const before = await settingsOf();
    const message = 'Send at least one setting to change: safe_mode, is_sounds_enabled, is_desktop_notifications_enabled, is_multi_window_enabled, is_alt_text_reminder_enabled, default_editor_type or palette.';
    expectError(await post(t.app, '/svc/user/settings', {}, s), 400, message);
    expectError(await post(t.app, '/svc/user/settings', new URLSearchParams({ form_key: s.formKey }), { cookie: s.cookie }), 400, message);
    expect(await settingsOf()).toEqual(before);
  });

  it('changes only the settings of the user who asks', async () => {
    const other = newAccount('settings-other');
    await register(t.app, other);
    expectOk(await post(t.app, '/svc/user/settings', { default_editor_type: 'markdown' }, s));
    expect((await userByEmail(t.db, other.email)).default_editor_type).toBe('rich');
  });

  it('answers 401 when logged out', async () => {
    expectError(await post(t.app, '/svc/user/settings', { safe_mode: false }), 401, 'You need to log in to do that.');
  });
});
