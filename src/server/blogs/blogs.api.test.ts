import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_SIZES, LIMITS } from '../../shared/constants';
import type { Blog, Channel } from '../../shared/types';
import { ErrorCode } from '../http/errors';
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
  userInfo,
  type NewAccount,
  type Session,
  type TestApp,
} from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const blogRow = (name: string) => t.db.selectFrom('blogs').selectAll().where('name', '=', name).executeTakeFirst();

describe('POST /svc/blog/create', () => {
  let account: NewAccount;
  let s: Session;
  beforeAll(async () => {
    account = newAccount('creator');
    s = await register(t.app, account);
  });

  it('creates a blog that becomes the current one', async () => {
    const name = `${account.blog_name}-side`;
    const before = await countRows(t.db);
    const res = await post(t.app, '/svc/blog/create', { name, title: 'My Side Project' }, s);
    const { blog } = expectOk<{ blog: Channel }>(res);
    expect(blog).toMatchObject({ name, title: 'My Side Project', is_current: true, is_primary: false });
    expect(await countRows(t.db)).toEqual({ ...before, blogs: before.blogs + 1 });

    const user = await userByEmail(t.db, account.email);
    const row = await blogRow(name);
    expect(row).toMatchObject({ user_id: user.id, title: 'My Side Project' });
    expect(user.current_blog_id).toBe(row!.id);

    const info = await userInfo(t.app, s);
    expect(info.channels.map((c) => [c.name, c.is_current, c.is_primary])).toEqual([
      [account.blog_name, false, true],
      [name, true, false],
    ]);
    expect(info.primary).toBe(account.blog_name);
  });

  it('titles the blog with its name when no title is given', async () => {
    const name = `${account.blog_name}-untitled`;
    expectOk(await post(t.app, '/svc/blog/create', { name }, s));
    expect((await blogRow(name))!.title).toBe(name);
  });

  it('refuses a name that is taken with 409 and changes nothing', async () => {
    const before = await countRows(t.db);
    const userBefore = await userByEmail(t.db, account.email);
    const res = await post(t.app, '/svc/blog/create', { name: account.blog_name }, s);
    const body = expectError(res, 409, `The blog name "${account.blog_name}" is taken. Try another one.`);
    expect(body.errors![0]!.code).toBe(ErrorCode.blogNameTaken);
    expect(body.errors![0]!.field).toBe('name');
    expect(await countRows(t.db)).toEqual(before);
    expect(await userByEmail(t.db, account.email)).toEqual(userBefore);
  });

  it('refuses a name that breaks a rule with 400 naming the rule', async () => {
    const before = await countRows(t.db);
    const res = await post(t.app, '/svc/blog/create', { name: 'Has_Capitals' }, s);
    const body = expectError(res, 400, 'Blog names can only use lowercase letters a-z, numbers 0-9 and hyphens.');
    expect(body.errors![0]!.field).toBe('name');
    expectError(await post(t.app, '/svc/blog/create', { name: 'settings' }, s), 400, /reserved/);
    expectError(await post(t.app, '/svc/blog/create', {}, s), 400, 'Choose a blog name.');
    expect(await countRows(t.db)).toEqual(before);
  });

  it('answers 401 when logged out', async () => {
    const before = await countRows(t.db);
    expectError(await post(t.app, '/svc/blog/create', { name: 'nobodys-blog' }), 401, 'You need to log in to do that.');
    expect(await countRows(t.db)).toEqual(before);
  });

  it(`refuses the blog after the ${LIMITS.max_blogs}th with 400`, async () => {
    const person = newAccount('many');
    const p = await register(t.app, person);
    for (let i = 2; i <= LIMITS.max_blogs; i++) {
      expectOk(await post(t.app, '/svc/blog/create', { name: `${person.blog_name}-${i}` }, p));
    }
    const before = await countRows(t.db);
    const userBefore = await userByEmail(t.db, person.email);
    const res = await post(t.app, '/svc/blog/create', { name: `${person.blog_name}-one-too-many` }, p);
    const body = expectError(res, 400, `You can have at most ${LIMITS.max_blogs} blogs.`);
    expect(body.errors![0]!.code).toBe(ErrorCode.tooManyBlogs);
    expect(await countRows(t.db)).toEqual(before);
    expect(await userByEmail(t.db, person.email)).toEqual(userBefore);
    expect((await userInfo(t.app, p)).channels).toHaveLength(LIMITS.max_blogs);
  });
});

describe('POST /svc/blog/select', () => {
  let account: NewAccount;
  let s: Session;
  let second: string;
  beforeAll(async () => {
    account = newAccount('selector');
    s = await register(t.app, account);
    second = `${account.blog_name}-b`;
    expectOk(await post(t.app, '/svc/blog/create', { name: second }, s));
  });

  it('switches the current blog to one of my own', async () => {
    const res = await post(t.app, '/svc/blog/select', { tumblelog: account.blog_name }, s);
    expect(expectOk<{ blog: Channel }>(res).blog).toMatchObject({ name: account.blog_name, is_current: true });
    const user = await userByEmail(t.db, account.email);
    expect(user.current_blog_id).toBe((await blogRow(account.blog_name))!.id);
    expect((await userInfo(t.app, s)).channels.find((c) => c.is_current)!.name).toBe(account.blog_name);

    expectOk(await post(t.app, '/svc/blog/select', new URLSearchParams({ tumblelog: second }), s));
    expect((await userInfo(t.app, s)).channels.find((c) => c.is_current)!.name).toBe(second);
  });

  it("answers 404 for another user's blog and changes nothing", async () => {
    const other = await register(t.app);
    const otherName = other.body.response.user.primary;
    const before = await countRows(t.db);
    const userBefore = await userByEmail(t.db, account.email);
    const res = await post(t.app, '/svc/blog/select', { tumblelog: otherName }, s);
    expectError(res, 404, `There is no blog named "${otherName}".`);
    expect(await countRows(t.db)).toEqual(before);
    expect(await userByEmail(t.db, account.email)).toEqual(userBefore);
  });

  it('answers 404 for a blog that does not exist', async () => {
    expectError(await post(t.app, '/svc/blog/select', { tumblelog: 'no-such-blog-here' }, s), 404);
  });

  it('answers 400 when the blog is not named', async () => {
    const userBefore = await userByEmail(t.db, account.email);
    const body = expectError(await post(t.app, '/svc/blog/select', {}, s), 400, 'Say which blog: tumblelog is missing.');
    expect(body.errors![0]!.field).toBe('tumblelog');
    expect(await userByEmail(t.db, account.email)).toEqual(userBefore);
  });
});

describe('GET /svc/data/tumblelog', () => {
  let account: NewAccount;
  let s: Session;
  beforeAll(async () => {
    account = newAccount('public');
    s = await register(t.app, account);
  });

  it('answers the blog to anyone, logged out included', async () => {
    const blog = expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${account.blog_name}`));
    const row = (await blogRow(account.blog_name))!;
    expect(blog).toMatchObject({
      name: account.blog_name,
      uuid: row.uuid,
      title: account.blog_name,
      url: `http://localhost:3000/blog/${account.blog_name}`,
      avatar_url_128: avatarUrlOf(account.blog_name, 128),
      is_adult: false,
      is_current: false,
      cname: null,
    });
    expect(blog.global_theme_params).toMatchObject({ avatar_shape: 'circle', show_title: true });
  });

  it('marks the blog current for its owner', async () => {
    const blog = expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${account.blog_name}`, s));
    expect(blog.is_current).toBe(true);
  });

  it('answers 404 for an unknown blog', async () => {
    const body = expectError(await get(t.app, '/svc/data/tumblelog?tumblelog=x'), 404, 'There is no blog named "x".');
    expect(body.errors![0]).toMatchObject({ code: ErrorCode.blogNotFound, field: 'tumblelog' });
  });

  it('answers 400 when the parameter is missing or empty', async () => {
    expectError(await get(t.app, '/svc/data/tumblelog'), 400, 'Say which blog: the tumblelog parameter is missing.');
    expectError(await get(t.app, '/svc/data/tumblelog?tumblelog='), 400, 'Say which blog: the tumblelog parameter is empty.');
  });
});

describe('GET /svc/avatar/:name/:size', () => {
  let name: string;
  beforeAll(async () => {
    name = (await register(t.app)).body.response.user.primary;
  });

  it.each(AVATAR_SIZES.map((size) => [size]))('draws a %i px PNG', async (size) => {
    const res = await get(t.app, `/svc/avatar/${name}/${size}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: size, height: size });
    // The second time it comes from the cache, the same picture.
    expect((await get(t.app, `/svc/avatar/${name}/${size}`)).rawPayload.equals(png)).toBe(true);
  });

  it('draws different blogs differently', async () => {
    const other = (await register(t.app)).body.response.user.primary;
    const a = (await get(t.app, `/svc/avatar/${name}/64`)).rawPayload;
    const b = (await get(t.app, `/svc/avatar/${other}/64`)).rawPayload;
    expect(a.equals(b)).toBe(false);
  });

  it('answers 400 for a size that is not offered', async () => {
    // Only the plain spelling: 48.0, 0x30 and +48 are not sizes on offer.
    for (const size of ['100', '0', 'big', '48.0x', '48.0', '0x30', '%2B48']) {
      const body = expectError(await get(t.app, `/svc/avatar/${name}/${size}`), 400, `Avatar sizes are ${AVATAR_SIZES.join(', ')}.`);
      expect(body.errors![0]!.field).toBe('size');
    }
  });

  it('answers 404 for an unknown blog', async () => {
    expectError(await get(t.app, '/svc/avatar/no-such-blog/64'), 404, 'There is no blog named "no-such-blog".');
  });
});
