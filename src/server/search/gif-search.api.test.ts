import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostView } from '../../shared/posts/types';
import { GIF_SEARCH, type GifSearchResult } from '../../shared/search/gif';
import type { Envelope } from '../../shared/types';
import { animatedGif, upload } from '../media/test-files';
import type { UploadedMedia } from '../media/views';
import { asOwner, blogOf, createPost, textPost } from '../test/posts';
import { createTestApp, expectError, expectOk, newAccount, post, register, type Session, type TestApp } from '../test/test-app';
import { GIF_LIMIT_MESSAGE } from './routes';
import { SAFE_MODE_MESSAGE } from './gif-service';

const URL_PATH = '/svc/search/inline_gif';
let t: TestApp;
let reader: Session;
let alice: Session;
let bob: Session;
let adult: Session;
const made: Record<string, PostView> = {};
let aliceGif: UploadedMedia;
let bobGif: UploadedMedia;
let adultGif: UploadedMedia;

const gifPost = (url: string, tags: string, caption = '', more: Record<string, string> = {}) => ({
  'post[type]': 'photo',
  'images[o1]': url,
  'post[two]': caption,
  'post[tags]': tags,
  ...more,
});

const uploadGif = async (as: Session) => expectOk<UploadedMedia[]>(await upload(t.app, asOwner(as), { data: await animatedGif(2), filename: 'moving.gif' }))[0]!;
const search = (body: object | URLSearchParams, as: Session = reader) => post(t.app, URL_PATH, body, asOwner(as));
const found = async (body: object, as: Session = reader) => expectOk<GifSearchResult>(await search(body, as));
const ids = (result: GifSearchResult) => result.media.map((item) => item.postId);

beforeAll(async () => {
  t = await createTestApp();
  // Blog names are made from these prefixes: none of them is a word searched for below.
  reader = await register(t.app, newAccount('reader'));
  alice = await register(t.app, newAccount('alice'));
  bob = await register(t.app, newAccount('bob'));
  adult = await register(t.app, newAccount('nocturne'));
  await t.db.updateTable('blogs').set({ is_adult: true }).where('name', '=', blogOf(adult)).execute();

  // Only GIFs the site serves are found (a linked one could not be sent in a message): each
  // writer uploads one, used by each of their GIF posts.
  [aliceGif, bobGif, adultGif] = await Promise.all([alice, bob, adult].map(uploadGif));
  made.tagged = await createPost(t.app, alice, gifPost(aliceGif.url, 'cat,gif,funny,GIFs,cute,extra', '<p>Sleepy afternoon</p>'));
  // Newer than the tagged one: ranking by date alone would put it first.
  made.captioned = await createPost(t.app, bob, gifPost(bobGif.url, 'animals', '<p>My cat at the window</p>'));
  made.png = await createPost(t.app, alice, gifPost('https://img.example/cat.png', 'cat', '<p>A still cat</p>'));
  made.linked = await createPost(t.app, bob, gifPost('https://img.example/linked.gif', 'cat', '<p>A cat from elsewhere</p>'));
  made.private = await createPost(t.app, alice, gifPost(aliceGif.url, 'cat', '', { 'post[state]': 'private' }));
  made.draft = await createPost(t.app, alice, gifPost(aliceGif.url, 'cat', '', { 'post[state]': '1' }));
  made.queued = await createPost(t.app, alice, gifPost(aliceGif.url, 'cat', '', { 'post[state]': '2' }));
  made.text = await createPost(t.app, alice, textPost('cat facts', '<p>cat <img src="https://img.example/t.gif"></p>'));
  made.reblog = await createPost(t.app, bob, {
    reblog_post_id: made.tagged.id,
    reblog_key: made.tagged.reblog_key,
    'post[two]': '<p>cat again</p>',
    'post[tags]': 'cat',
  });
  made.adult = await createPost(t.app, adult, gifPost(adultGif.url, 'cat'));
  made.space = await createPost(t.app, bob, gifPost(bobGif.url, 'space,orbit', '', { 'caption[o1]': 'Saturn spinning' }));
});
afterAll(() => t.close());

describe('POST /svc/search/inline_gif', () => {
  it('ranks a post tagged "cat" above one with "cat" only in its caption', async () => {
    const result = await found({ q: 'cat' });
    expect(ids(result)).toEqual([made.tagged!.id, made.captioned!.id]);
  });

  it('leaves out private, draft and queued posts, photos that are not GIFs, GIFs linked from another site, text posts and reblogs', async () => {
    const result = await found({ q: 'cat', limit: GIF_SEARCH.maxLimit });
    for (const hidden of ['private', 'draft', 'queued', 'png', 'linked', 'text', 'reblog']) {
      expect(ids(result)).not.toContain(made[hidden]!.id);
    }
  });

  it('answers the spec’s GIF search result, with at most 3 tags and no "gif" or "gifs"', async () => {
    const before = Math.floor(Date.now() / 1000);
    const result = await found({ q: ' Cat ', context: 'post-form' });
    expect(result).toMatchObject({ query: 'Cat', limit: 50, loggingContext: 'post-form' });
    expect(result.ts).toBeGreaterThanOrEqual(before);
    const tagged = made.tagged!;
    expect(result.media[0]).toEqual({
      mediaUrl: aliceGif.url,
      postUrl: tagged.post_url,
      rootPostUrl: tagged.post_url,
      rootPostUrlHash: expect.stringMatching(/^[0-9a-f]{16}$/),
      rootBlog: blogOf(alice),
      rootBlogUrl: tagged.blog.url,
      rootBlogKey: tagged.blog.uuid,
      postTags: ['cat', 'funny', 'cute'],
      popularSearchTag: 'cat',
      width: aliceGif.width,
      height: aliceGif.height,
      postBlog: blogOf(alice),
      postId: tagged.id,
    });
    expect(result.media[1]!.popularSearchTag).toBe('');
  });

  it('finds by the start of a word, by photo captions, by every word given, and by blog name', async () => {
    // Blog names end in random hex and are searched too: a prefix made of hex letters ('ca')
    // would now and then find a blog by its name.
    expect(ids(await found({ q: 'wind' }))).toEqual([made.captioned!.id]);
    expect(ids(await found({ q: 'saturn' }))).toEqual([made.space!.id]);
    expect(ids(await found({ q: 'cat window' }))).toEqual([made.captioned!.id]);
    expect(ids(await found({ q: 'alice' }))).toEqual([made.tagged!.id]);
    expect(ids(await found({ q: 'dog' }))).toEqual([]);
  });

  it('hides adult blogs in safe mode, saying so with the results that remain, and shows them without it', async () => {
    const safe = await found({ q: 'cat' });
    expect(ids(safe)).not.toContain(made.adult!.id);
    expect(ids(safe).length).toBeGreaterThan(0);
    expect(safe.message).toEqual(SAFE_MODE_MESSAGE);
    // Safe mode hid nothing of these: no message.
    expect((await found({ q: 'space' })).message).toBeUndefined();
    expect((await found({ q: 'dog' })).message).toBeUndefined();
    expectOk(await post(t.app, '/svc/user/settings', { safe_mode: false }, asOwner(reader)));
    const all = await found({ q: 'cat' });
    expect(ids(all)).toContain(made.adult!.id);
    expect(all.message).toBeUndefined();
    expectOk(await post(t.app, '/svc/user/settings', { safe_mode: true }, asOwner(reader)));
  });

  it('takes a form body, with limit as text', async () => {
    const result = await found(new URLSearchParams({ q: 'cat', limit: '1', form_key: reader.formKey }));
    expect(result.limit).toBe(1);
    expect(ids(result)).toEqual([made.tagged!.id]);
  });

  it('defaults the limit to 50 and takes up to 200', async () => {
    expect((await found({ q: 'cat' })).limit).toBe(GIF_SEARCH.defaultLimit);
    expect((await found({ q: 'cat', limit: 200 })).limit).toBe(200);
  });

  it.each([0, -1, 201, 1.5, 'abc', '', true, null])('refuses limit %j with a 400 that says why', async (limit) => {
    const body = expectError(await search({ q: 'cat', limit }), 400, GIF_LIMIT_MESSAGE);
    expect(body.errors?.[0]).toMatchObject({ field: 'limit' });
  });

  it('asks for words when q is empty or missing', async () => {
    for (const body of [{ q: '' }, { q: '   ' }, {}]) {
      const result = await found(body);
      expect(result.media).toEqual([]);
      expect(result.message).toEqual({ header: 'Search for a GIF', body: expect.any(String) });
    }
  });

  it('answers no GIFs, without a message, for a query of only symbols', async () => {
    const result = await found({ q: `&|!:*()'\\` });
    expect(result).toMatchObject({ media: [] });
    expect(result.message).toBeUndefined();
  });

  it('refuses a query over 200 characters, or one that is not text', async () => {
    expectError(await search({ q: 'a'.repeat(201) }), 400, 'Keep the search to 200 characters or fewer.');
    expectError(await search({ q: ['cat'] }), 400, 'q must be the words to search for, as text.');
  });

  it('searches in one query, besides the read of the safe mode flag', async () => {
    const cost = async (q: string) => {
      const before = t.queryCount();
      await found({ q });
      return t.queryCount() - before;
    };
    // An empty query does not search: the difference is the search itself, and the read of the
    // site's safe mode flag it obeys (safe-mode.ts).
    expect((await cost('cat')) - (await cost(''))).toBe(2);
  });

  it('needs a session (401) and its form key (403)', async () => {
    expectError(await post(t.app, URL_PATH, { q: 'cat' }), 401, 'You need to log in to do that.');
    expectError(await post(t.app, URL_PATH, { q: 'cat' }, { cookie: reader.cookie }), 403);
  });

  it('returns the envelope', async () => {
    const res = await search({ q: 'space' });
    const body = res.json() as Envelope<GifSearchResult>;
    expect(body.meta).toEqual({ status: 200, msg: 'OK' });
    expect(body.response.media.map((item) => item.postTags)).toEqual([['space', 'orbit']]);
  });
});
