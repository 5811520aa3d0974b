import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../shared/constants';
import type { Channel } from '../../shared/types';
import {
  createTestApp,
  expectError,
  expectOk,
  newAccount,
  post,
  register,
  type TestApp,
} from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const URL = '/svc/post/get_post_form_builder_data';

describe('POST /svc/post/get_post_form_builder_data', () => {
  it("answers the user's blogs, the current one marked, and the limits", async () => {
    const account = newAccount('poster');
    const s = await register(t.app, account);
    const second = `${account.blog_name}-2`;
    expectOk(await post(t.app, '/svc/blog/create', { name: second }, s));
    // Someone else's blog is not one to post to.
    await register(t.app);

    const response = expectOk<{ channels: Channel[]; limits: typeof LIMITS }>(await post(t.app, URL, {}, s));
    expect(response.limits).toEqual(LIMITS);
    expect(response.channels.map((c) => [c.name, c.is_current, c.is_primary, c.can_send_messages])).toEqual([
      [account.blog_name, false, true, false],
      [second, true, false, false],
    ]);
  });

  it('answers 401 when logged out', async () => {
    expectError(await post(t.app, URL, {}), 401, 'You need to log in to do that.');
  });

  it('answers 403 without the form key', async () => {
    const s = await register(t.app);
    expectError(await post(t.app, URL, {}, { cookie: s.cookie }), 403);
  });
});
