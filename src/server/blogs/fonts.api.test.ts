import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOG_FONTS, blogFont, DEFAULT_TITLE_FONT } from '../../shared/blog-fonts';
import type { Blog } from '../../shared/types';
import { asOwner, blogOf } from '../test/posts';
import { createTestApp, expectError, expectOk, get, post, register, type Session, type TestApp } from '../test/test-app';

const require = createRequire(import.meta.url);
let t: TestApp;
let owner: Session;
beforeAll(async () => {
  t = await createTestApp();
  owner = await register(t.app);
});
afterAll(() => t.close());

const blogData = async () => expectOk<Blog>(await get(t.app, `/svc/data/tumblelog?tumblelog=${blogOf(owner)}`));

describe('the blog title font table', () => {
  it('has about 35 fonts, each with a display name, family, path and version, open licences only', () => {
    expect(BLOG_FONTS.length).toBeGreaterThanOrEqual(35);
    expect(new Set(BLOG_FONTS.map((f) => f.family)).size).toBe(BLOG_FONTS.length);
    for (const font of BLOG_FONTS) {
      expect(font.display_name.length).toBeGreaterThan(0);
      expect(font.path).toMatch(/^\/fonts\/[a-z0-9-]+\/latin-400\.woff2\?v=\d+\.\d+\.\d+$/);
      expect(['OFL-1.1', 'Apache-2.0']).toContain(font.licence);
    }
  });

  it("says each installed package's version (the addresses change with it)", () => {
    for (const font of BLOG_FONTS) {
      expect(font.version, font.family).toBe((require(`@fontsource/${font.path.split('/')[2]}/package.json`) as { version: string }).version);
    }
  });

  it('serves every font file the table names, as woff2, cached for good, and each licence', async () => {
    for (const font of BLOG_FONTS) {
      for (const path of [font.path, font.bold_path].filter((p): p is string => p !== null)) {
        const res = await get(t.app, path);
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type']).toBe('font/woff2');
        expect(res.headers['cache-control']).toContain('immutable');
        expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
      }
      const licence = await get(t.app, `/fonts/${font.path.split('/')[2]}/LICENSE`);
      expect(licence.statusCode).toBe(200);
      expect(licence.body).toMatch(font.licence === 'OFL-1.1' ? /SIL OPEN FONT LICENSE|Open Font License/i : /Apache License/i);
    }
  });

  it('answers 404 for fonts and files outside the table, and never walks the file system', async () => {
    const bold = BLOG_FONTS.find((f) => f.bold_path === null)!;
    for (const url of [
      '/fonts/comic-sans/latin-400.woff2',
      `/fonts/${bold.path.split('/')[2]}/latin-700.woff2`,
      '/fonts/lobster/package.json',
      '/fonts/lobster/..%2F..%2F..%2Fpackage.json',
      '/fonts/..%2Fnodemailer/LICENSE',
      '/fonts/lobster/latin-400.woff2%00',
    ]) {
      const res = await get(t.app, url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('choosing a title font in blog settings', () => {
  it('takes a font of the table or the default, and the blog answers it', async () => {
    expect((await blogData()).global_theme_params.title_font).toBe(DEFAULT_TITLE_FONT);
    const blog = expectOk<Blog>(await post(t.app, `/svc/blog/${blogOf(owner)}/settings`, { title_font: 'Lobster' }, asOwner(owner)));
    expect(blog.global_theme_params.title_font).toBe('Lobster');
    expect(blogFont(blog.global_theme_params.title_font)?.path).toMatch(/^\/fonts\/lobster\//);
    expect((await blogData()).global_theme_params.title_font).toBe('Lobster');
    expectOk(await post(t.app, `/svc/blog/${blogOf(owner)}/settings`, { title_font: DEFAULT_TITLE_FONT }, asOwner(owner)));
    expect((await blogData()).global_theme_params.title_font).toBe(DEFAULT_TITLE_FONT);
  });

  it('refuses a font that is not offered, and changes nothing', async () => {
    for (const title_font of ['Comic Sans', '', 'lobster', '<script>']) {
      expectError(await post(t.app, `/svc/blog/${blogOf(owner)}/settings`, { title_font }, asOwner(owner)), 400, 'The title font must be one of the fonts offered, such as Gibson or Lobster.');
    }
    expectError(await post(t.app, `/svc/blog/${blogOf(owner)}/settings`, { title_font: 3 }, asOwner(owner)), 400, 'The title font must be the name of one of the fonts offered.');
    expect((await blogData()).global_theme_params.title_font).toBe(DEFAULT_TITLE_FONT);
  });
});
