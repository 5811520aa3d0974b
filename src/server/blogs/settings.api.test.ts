import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Blog } from '../../shared/types';
import { ErrorCode } from '../http/errors';
import { png, upload } from '../media/test-files';
import type { UploadedMedia } from '../media/views';
import { asOwner, blogOf } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let owner: Session;
let other: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await register(t.app);
  other = await register(t.app);
});
afterAll(() => t.close());

const save = (body: object, s: Session = owner, name = blogOf(owner)) => post(t.app, `/svc/blog/${name}/settings`, body, asOwner(s));
const row = (name = blogOf(owner)) => t.db.selectFrom('blogs').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
const blogData = async (name = blogOf(owner)) => expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${name}`));
const uploadImage = async (s: Session, colour: string) =>
  expectOk<UploadedMedia[]>(await upload(t.app, asOwner(s), { data: await png(300, 200, colour) }))[0]!;

describe('POST /svc/blog/{name}/settings', () => {
  it('saves the title, a sanitized description, normalised colours and the switches', async () => {
    const blog = expectOk<Blog>(
      await save({
        title: '  Night Owls  ',
        description: '<p>Hello <b>there</b><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a></p>',
        background_color: '#abc',
        title_color: '123456',
        link_color: '#FfFfFf',
        avatar_shape: 'square',
        show_title: false,
        show_description: 'off',
      }),
    );
    expect(blog).toMatchObject({ name: blogOf(owner), title: 'Night Owls' });
    expect(blog.description_sanitized).not.toMatch(/script|javascript|alert/);
    expect(blog.description_sanitized).toContain('<b>there</b>');
    expect(blog.description_sanitized).toMatch(/<a href="https:\/\/example.com"[^>]*>good<\/a>/);
    expect(blog.global_theme_params).toMatchObject({
      background_color: '#AABBCC',
      title_color: '#123456',
      link_color: '#FFFFFF',
      avatar_shape: 'square',
      show_title: false,
      show_description: false,
      show_avatar: true,
    });
    // Stored, and what everyone reads afterwards.
    expect(await blogData()).toMatchObject({ title: 'Night Owls', description_sanitized: blog.description_sanitized, global_theme_params: blog.global_theme_params });
    expect((await row()).description).toBe(blog.description_sanitized);
  });

  it('changes only what is sent', async () => {
    expectOk(await save({ link_color: '#000' }));
    const blog = await blogData();
    expect(blog).toMatchObject({ title: 'Night Owls' });
    expect(blog.global_theme_params).toMatchObject({ link_color: '#000000', background_color: '#AABBCC', avatar_shape: 'square' });
  });

  it('refuses bad input with a message naming the field, changing nothing', async () => {
    const before = await row();
    const cases: [object, string, string][] = [
      [{ title_color: 'blue' }, 'title_color', 'The title colour must be a hex colour like #444444 or #FFF.'],
      [{ background_color: '#abcd' }, 'background_color', 'The background colour must be a hex colour like #FAFAFA or #FFF.'],
      [{ title: '' }, 'title', 'Give your blog a title.'],
      [{ title: 'x'.repeat(101) }, 'title', 'Blog titles can be at most 100 characters long.'],
      [{ avatar_shape: 'triangle' }, 'avatar_shape', 'The avatar shape must be circle or square.'],
      [{ show_avatar: 'maybe' }, 'show_avatar', 'show_avatar must be true or false.'],
      [{ description: 'x'.repeat(2001) }, 'description', 'Descriptions can be at most 2000 characters long.'],
      // A good field beside a bad one: the good one is not saved either.
      [{ title: 'Changed', link_color: 'nope' }, 'link_color', 'The link colour must be a hex colour like #529ECC or #FFF.'],
    ];
    for (const [body, field, message] of cases) {
      const res = expectError(await save(body), 400, message);
      expect(res.errors![0]!.field).toBe(field);
    }
    expectError(await save({}), 400, /^Send at least one setting to change/);
    expect(await row()).toEqual(before);
  });

  it('answers 403 on another person’s blog, 404 for no blog, 401 without a session', async () => {
    const before = await row();
    const res = expectError(await save({ title: 'Mine now' }, other), 403, 'You can only change the settings of your own blogs.');
    expect(res.errors![0]!.code).toBe(ErrorCode.forbidden);
    expectError(await save({ title: 'x' }, owner, 'no-such-blog'), 404, 'There is no blog named "no-such-blog".');
    // Logged out: refused with 401 before anything else.
    const loggedOut = expectError(await post(t.app, `/svc/blog/${blogOf(owner)}/settings`, { title: 'x' }), 401, 'You need to log in to do that.');
    expect(loggedOut.errors![0]!.code).toBe(ErrorCode.notLoggedIn);
    expect(await row()).toEqual(before);
  });

  it('takes a header image the owner uploaded, and clears it with an empty value', async () => {
    const image = await uploadImage(owner, '#ff0000');
    const small = image.sizes.at(-1)!.url;
    // Any of the upload's sizes names it; the main size is kept.
    const blog = expectOk<Blog>(await save({ header_image: `http://localhost:3000${small}` }));
    expect(blog.global_theme_params.header_image_focused).toBe(image.url);
    expect(blog.has_default_header).toBe(false);
    const cleared = expectOk<Blog>(await save({ header_image: '' }));
    expect(cleared.global_theme_params.header_image_focused).toBeNull();
    expect(cleared.has_default_header).toBe(true);
  });

  it('refuses images that are not the owner’s uploads', async () => {
    const theirs = await uploadImage(other, '#00ff00');
    const before = await row();
    const message = 'The header image must be an image you uploaded here (POST /svc/media/upload).';
    expect(expectError(await save({ header_image: theirs.url }), 400, message).errors![0]!.field).toBe('header_image');
    expectError(await save({ header_image: 'https://example.com/header.png' }), 400, message);
    expectError(await save({ avatar: '/media/zz/zz/not-a-file.png' }), 400, 'The avatar must be an image you uploaded here (POST /svc/media/upload).');
    expect(await row()).toEqual(before);
  });

  it('gives a changed avatar a new address, kept for a year; the old address is no longer kept', async () => {
    const name = blogOf(owner);
    const pathOf = (url: string) => url.replace('http://localhost:3000', '');
    const before = expectOk<Blog>(await save({ show_title: true }));
    const image = await uploadImage(owner, '#0000ff');
    const after = expectOk<Blog>(await save({ avatar: image.url }));
    for (const key of ['avatar_url', 'avatar_url_48', 'avatar_url_128'] as const) {
      expect(after[key]).not.toBe(before[key]);
      expect(after[key]).toMatch(new RegExp(`^http://localhost:3000/svc/avatar/${name}/(48|128)\\?v=[\\w-]+$`));
    }
    const fresh = await get(t.app, pathOf(after.avatar_url_48));
    expect(fresh.headers['content-type']).toBe('image/webp');
    expect(fresh.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The old address, or one without a version, shows what is current and is asked again each time.
    expect((await get(t.app, pathOf(before.avatar_url))).headers['cache-control']).toBe('no-cache');
    expect((await get(t.app, `/svc/avatar/${name}/48`)).headers['cache-control']).toBe('no-cache');
    // Back to the generated picture: its address again, kept for a year.
    const cleared = expectOk<Blog>(await save({ avatar: '' }));
    expect(cleared.avatar_url).toBe(before.avatar_url);
    expect((await get(t.app, pathOf(cleared.avatar_url))).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves an uploaded avatar at every size, and the generated one again when cleared', async () => {
    const name = blogOf(owner);
    const generated = (await get(t.app, `/svc/avatar/${name}/64`)).rawPayload;
    const image = await uploadImage(owner, '#ff0000');
    expectOk(await save({ avatar: image.url }));
    expect((await row()).avatar_path).toBe(image.url);
    for (const size of [16, 64, 512]) {
      const res = await get(t.app, `/svc/avatar/${name}/${size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([size, size]);
      // The red of the uploaded picture, not the generated pattern.
      expect(data[0]).toBeGreaterThan(200);
      expect(data[1]).toBeLessThan(50);
    }
    // A browser asking again with the tag hears nothing has changed.
    const first = await get(t.app, `/svc/avatar/${name}/64`);
    const again = await t.app.inject({ method: 'GET', url: `/svc/avatar/${name}/64`, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);

    expectOk(await save({ avatar: '' }));
    const res = await get(t.app, `/svc/avatar/${name}/64`);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(generated)).toBe(true);
    expect(res.headers.etag).not.toBe(first.headers.etag);
  });
});
