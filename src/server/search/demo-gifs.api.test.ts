import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GifSearchResult } from '../../shared/search/gif';
import { seedAndLogInDemo } from '../test/demo';
import { createTestApp, expectOk, get, post, type Session, type TestApp } from '../test/test-app';

let t: TestApp;
let demo: Session;

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAndLogInDemo(t);
});
afterAll(() => t.close());

const search = async (q: string) =>
  expectOk<GifSearchResult>(await post(t.app, '/svc/search/inline_gif', { q }, { cookie: demo.cookie, formKey: demo.formKey }));

describe('demo GIFs', () => {
  it('are found on first start by "cat" and by "space"', async () => {
    const cats = await search('cat');
    expect(cats.media.length).toBeGreaterThanOrEqual(2);
    expect(cats.media.every((item) => item.postBlog === 'cats-daily')).toBe(true);
    const space = await search('space');
    expect(space.media.map((item) => item.postBlog)).toEqual(['night-sky', 'night-sky']);
    for (const q of ['dance', 'yes', 'wow']) expect((await search(q)).media.length, q).toBe(1);
  });

  it('are small animated GIFs in the media folder, served, with their size on the result', async () => {
    const { media } = await search('space');
    for (const item of media) {
      expect(item.mediaUrl).toMatch(/^\/media\/[a-f0-9]{2}\/[a-f0-9]{2}\/[a-f0-9]{64}-orig\.gif$/);
      expect(item).toMatchObject({ width: 120, height: 90 });
      const file = path.join(t.dataDir, 'media', item.mediaUrl.slice('/media/'.length));
      const bytes = await fs.readFile(file);
      expect(bytes.length).toBeGreaterThan(1000);
      expect(bytes.length).toBeLessThan(5000);
      const meta = await sharp(bytes, { animated: true }).metadata();
      expect(meta.format).toBe('gif');
      expect(meta.pages).toBeGreaterThan(1);
      const served = await get(t.app, item.mediaUrl);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toMatch(/^image\/gif/);
    }
  });
});
