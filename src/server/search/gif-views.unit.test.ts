import { describe, expect, it } from 'vitest';
import { shownGifTags } from '../../shared/search/gif';
import type { GifRow } from './gif-queries';
import { gifItem, gifItems, isGifPhoto, matchedTag } from './gif-views';
import { searchWords, tsqueryTexts } from './search-words';

const PUBLIC_URL = 'https://tumbleweed.example';
/** Addresses the site serves (media/urls.ts): relative, and absolute on the site's address. */
const SITE_GIF = `/media/ab/cd/${'a'.repeat(64)}-400.gif`;
const SITE_GIF_ABSOLUTE = `${PUBLIC_URL}/media/ab/cd/${'b'.repeat(64)}-250.gif`;
const photo = (url: string, more: Partial<GifRow['photos'][number]> = {}) => ({ id: 'o1', url, width: null, height: null, caption: '', ...more });
const row = (more: Partial<GifRow> = {}): GifRow => ({
  id: '123456789012345678',
  slug: 'sleepy-cat',
  tags: ['cat', 'gif'],
  photos: [photo(SITE_GIF, { width: 120, height: 90 })],
  blog_name: 'cats-daily',
  blog_uuid: '3f1c2a3e-0000-4000-8000-000000000001',
  ...more,
});

describe('shownGifTags', () => {
  it('keeps at most 3 tags, skipping gif and gifs in any case', () => {
    expect(shownGifTags(['GIF', 'cat', 'gifs', 'funny', ' Gif ', 'cute', 'extra'])).toEqual(['cat', 'funny', 'cute']);
    expect(shownGifTags(['gif', 'gifs'])).toEqual([]);
  });
});

describe('isGifPhoto', () => {
  it('knows a GIF by its recorded type or by its address', () => {
    expect(isGifPhoto(photo('https://a.example/x.gif'))).toBe(true);
    expect(isGifPhoto(photo('https://a.example/x.GIF?w=2#y'))).toBe(true);
    expect(isGifPhoto(photo('/media/ab/cd/abcd', { mime: 'image/gif' }))).toBe(true);
    expect(isGifPhoto(photo('https://a.example/x.gif.png'))).toBe(false);
    expect(isGifPhoto(photo('https://a.example/gif'))).toBe(false);
  });
});

describe('gifItem', () => {
  it('builds the spec’s GIF item from the first GIF of the post the site serves', () => {
    const photos = [photo('https://a.example/still.png'), photo('https://a.example/moving.gif'), photo(SITE_GIF_ABSOLUTE, { width: 200, height: 100 })];
    const item = gifItem(row({ photos }), ['cat'], PUBLIC_URL);
    expect(item).toEqual({
      mediaUrl: SITE_GIF_ABSOLUTE,
      postUrl: 'https://tumbleweed.example/blog/cats-daily/post/123456789012345678/sleepy-cat',
      rootPostUrl: 'https://tumbleweed.example/blog/cats-daily/post/123456789012345678/sleepy-cat',
      rootPostUrlHash: expect.stringMatching(/^[0-9a-f]{16}$/),
      rootBlog: 'cats-daily',
      rootBlogUrl: 'https://tumbleweed.example/blog/cats-daily',
      rootBlogKey: '3f1c2a3e-0000-4000-8000-000000000001',
      postTags: ['cat'],
      popularSearchTag: 'cat',
      width: 200,
      height: 100,
      postBlog: 'cats-daily',
      postId: '123456789012345678',
    });
  });

  it('gives the same hash for the same post, and another for another', () => {
    const a = gifItem(row(), [], PUBLIC_URL)!;
    expect(gifItem(row(), ['x'], PUBLIC_URL)!.rootPostUrlHash).toBe(a.rootPostUrlHash);
    expect(gifItem(row({ id: '2' }), [], PUBLIC_URL)!.rootPostUrlHash).not.toBe(a.rootPostUrlHash);
  });

  it('leaves out a post whose GIFs are linked from other sites: they cannot be sent in a message', () => {
    expect(gifItem(row({ photos: [photo('https://a.example/moving.gif', { mime: 'image/gif' })] }), [], PUBLIC_URL)).toBeNull();
    expect(gifItem(row({ photos: [photo(`https://elsewhere.example/media/ab/cd/${'a'.repeat(64)}-400.gif`)] }), [], PUBLIC_URL)).toBeNull();
  });

  it('leaves out a post without a GIF', () => {
    expect(gifItem(row({ photos: [photo('https://a.example/x.jpg')] }), [], PUBLIC_URL)).toBeNull();
    expect(gifItems([row(), row({ id: '9', photos: [] })], [], PUBLIC_URL).map((i) => i.postId)).toEqual(['123456789012345678']);
  });
});

describe('matchedTag', () => {
  it('is the first shown tag that a search word starts, else empty', () => {
    expect(matchedTag(['Funny', 'Cats', 'cat'], ['cat'])).toBe('Cats');
    expect(matchedTag(['gif', 'dance'], ['gif'])).toBe('');
    expect(matchedTag(['dance'], ['cat'])).toBe('');
  });
});

describe('searchWords and tsqueryTexts', () => {
  it('keeps letters and digits only, lowercased and once each', () => {
    expect(searchWords(`  Cat & dog | !fox:* 'cat' (2026) café`)).toEqual(['cat', 'dog', 'fox', '2026', 'café']);
    expect(searchWords('&|!:*')).toEqual([]);
  });

  it('builds prefix and whole-word queries that need every word', () => {
    expect(tsqueryTexts(['cat', 'dance'])).toEqual({ prefix: 'cat:* & dance:*', exact: 'cat & dance' });
  });
});
