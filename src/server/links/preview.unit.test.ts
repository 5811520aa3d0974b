import { describe, expect, it, vi } from 'vitest';
import { decodeBody, readPageMeta } from './page-meta';
import { buildPreview, cleanText, thumbnailUrl } from './preview';
import { LinkFetchError, type FetchedPage, type SafeFetcher } from './safe-fetch';
import { createPreviewService } from './service';

const page = (html: string | Buffer, overrides: Partial<FetchedPage> = {}): FetchedPage => ({
  url: 'https://news.example/story/1',
  status: 200,
  mimeType: 'text/html',
  charset: 'utf-8',
  body: Buffer.isBuffer(html) ? html : Buffer.from(html),
  truncated: false,
  redirects: 0,
  ...overrides,
});

describe('readPageMeta', () => {
  it('prefers OpenGraph, then Twitter, then <title> and the meta description', () => {
    expect(readPageMeta(`<head><title>Doc</title><meta name="description" content="Plain">
      <meta name="twitter:title" content="Tw"><meta property="og:title" content="OG"></head>`)).toMatchObject({ title: 'OG', description: 'Plain' });
    expect(readPageMeta('<title>Doc</title><meta name="twitter:title" content="Tw"><meta name="twitter:description" content="TD">'))
      .toMatchObject({ title: 'Tw', description: 'TD' });
    expect(readPageMeta('<TITLE>Only &amp; title</TITLE>')).toMatchObject({ title: 'Only & title', description: null, image: null });
  });

  it('takes the image from og:image or twitter:image, and an author name over a profile URL', () => {
    expect(readPageMeta('<meta name="twitter:image:src" content="/t.png"><meta property="og:image" content="/og.png">').image).toBe('/og.png');
    expect(readPageMeta('<meta name="twitter:image" content="/t.png">').image).toBe('/t.png');
    expect(readPageMeta('<meta property="article:author" content="https://social.example/ann"><meta name="author" content="Ann">').author).toBe('Ann');
    expect(readPageMeta('<meta name="twitter:creator" content="@ann">').author).toBe('@ann');
  });

  it('skips the <title> of an inline svg and empty tags', () => {
    expect(readPageMeta('<svg><title>icon</title></svg><title>Page</title><meta property="og:title" content="  ">').title).toBe('Page');
  });

  it('reads a page cut off inside its title', () => {
    expect(readPageMeta('<html><head><title>Half a tit').title).toBe('Half a tit');
  });

  it('decodes the charset the server or the page names', () => {
    const latin1 = Buffer.from('<title>Caf\xe9</title>', 'latin1');
    expect(decodeBody(latin1, 'iso-8859-1')).toContain('Café');
    expect(decodeBody(Buffer.concat([Buffer.from('<meta charset="windows-1252">'), latin1]), null)).toContain('Café');
    expect(decodeBody(Buffer.from('<title>ok</title>'), 'no-such-charset')).toContain('ok');
  });
});

describe('cleanText and thumbnailUrl', () => {
  it('strips markup, control characters and runs of space; cuts long text at a word', () => {
    expect(cleanText('  <b>Bold</b>\n\n claim\u0000 ', 100)).toBe('Bold claim');
    expect(cleanText('<script>alert(1)</script>', 100)).toBeNull();
    const cut = cleanText('word '.repeat(100), 50)!;
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('word…')).toBe(true);
  });

  it('resolves relative images against the page (or its <base>) and keeps only http(s)', () => {
    expect(thumbnailUrl('/img/a.png', 'https://news.example/story/1', null)).toBe('https://news.example/img/a.png');
    expect(thumbnailUrl('a.png', 'https://news.example/story/1', 'https://cdn.example/assets/')).toBe('https://cdn.example/assets/a.png');
    expect(thumbnailUrl('//cdn.example/b.png', 'http://news.example/', null)).toBe('http://cdn.example/b.png');
    expect(thumbnailUrl('javascript:alert(1)', 'https://news.example/', null)).toBeNull();
    expect(thumbnailUrl('data:image/png;base64,AAAA', 'https://news.example/', null)).toBeNull();
    expect(thumbnailUrl('http://127.0.0.1/x.png', 'https://news.example/', null)).toBeNull();
    expect(thumbnailUrl('https://u:p@cdn.example/x.png', 'https://news.example/', null)).toBeNull();
  });
});

describe('buildPreview', () => {
  it('answers the Embed result shape with the page fields', () => {
    const preview = buildPreview('https://news.example/story/1', page(`<head>
      <meta property="og:title" content="A &lt;i&gt;big&lt;/i&gt; story"><meta property="og:description" content="What happened.">
      <meta property="og:image" content="/lead.jpg"><meta property="og:site_name" content="News"><meta property="article:author" content="Ann Lee">`));
    expect(preview).toEqual({
      url: 'https://news.example/story/1', title: 'A big story', description: 'What happened.', author: 'Ann Lee', site_name: 'News',
      thumbnail: 'https://news.example/lead.jpg', unsupported: false,
      embed_render_context: null, preview_iframe: null, embed_code: null,
    });
  });

  it('is unsupported when the page says nothing', () => {
    expect(buildPreview('https://news.example/', page('<p>no head at all</p>')).unsupported).toBe(true);
  });

  it('takes a link to an image as its own thumbnail', () => {
    const preview = buildPreview('https://img.example/cat.png', page(Buffer.alloc(0), { url: 'https://img.example/cat.png', mimeType: 'image/png' }));
    expect(preview).toMatchObject({ thumbnail: 'https://img.example/cat.png', unsupported: false });
  });

  it('gives a player for a known video service', () => {
    const preview = buildPreview('https://youtu.be/dQw4w9WgXcQ', page('<meta property="og:title" content="Song">', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }));
    expect(preview).toMatchObject({
      title: 'Song',
      preview_iframe: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
      embed_code: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="540" height="304" frameborder="0"></iframe>',
      embed_render_context: { provider: 'YouTube', width: 540, height: 304 },
    });
  });
});

describe('createPreviewService', () => {
  const fakeFetcher = (fetch: SafeFetcher['fetch']): SafeFetcher => ({ fetch: vi.fn(fetch), check: vi.fn(), fetchDocument: vi.fn() });

  it('fetches a URL once within the cache time, again after it, and not a failure', async () => {
    let clock = 0;
    const fetcher = fakeFetcher(async (url) => page('<title>T</title>', { url }));
    const service = createPreviewService(fetcher, { ttlMs: 1000, now: () => clock });
    await Promise.all([service.preview('https://a.example/'), service.preview('https://a.example/')]);
    expect(fetcher.fetch).toHaveBeenCalledTimes(1);
    clock = 1001;
    await service.preview('https://a.example/');
    expect(fetcher.fetch).toHaveBeenCalledTimes(2);

    const failing = fakeFetcher(async () => {
      throw new LinkFetchError('network', 'down');
    });
    const again = createPreviewService(failing);
    await expect(again.preview('https://b.example/')).rejects.toThrow('down');
    await expect(again.preview('https://b.example/')).rejects.toThrow('down');
    expect(failing.fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries pages, dropping the oldest', async () => {
    const fetcher = fakeFetcher(async (url) => page('<title>T</title>', { url }));
    const service = createPreviewService(fetcher, { maxEntries: 2 });
    for (const n of [1, 2, 3, 1]) await service.preview(`https://n${n}.example/`);
    expect(fetcher.fetch).toHaveBeenCalledTimes(4);
  });

  it('refuses a new fetch while too many are under way, but still answers from the cache', async () => {
    let finish!: () => void;
    const fetcher = fakeFetcher((url) => new Promise((resolve) => (finish = () => resolve(page('<title>T</title>', { url })))));
    const service = createPreviewService(fetcher, { maxInFlight: 1 });
    const first = service.preview('https://one.example/');
    await expect(service.preview('https://two.example/')).rejects.toMatchObject({ kind: 'busy' });
    // The same address joins the fetch already under way.
    const again = service.preview('https://one.example/#top');
    finish();
    await expect(Promise.all([first, again])).resolves.toHaveLength(2);
    expect(fetcher.fetch).toHaveBeenCalledTimes(1);
    const later = service.preview('https://two.example/');
    finish();
    await expect(later).resolves.toMatchObject({ title: 'T' });
  });

  it('still gives a known player when the page cannot be fetched, but never for a refused address', async () => {
    const down = createPreviewService(fakeFetcher(async () => {
      throw new LinkFetchError('timeout', 'slow');
    }));
    await expect(down.preview('https://vimeo.com/76979871')).resolves.toMatchObject({
      preview_iframe: 'https://player.vimeo.com/video/76979871', unsupported: false, title: null,
    });
    await expect(down.preview('https://news.example/')).rejects.toThrow('slow');
  });
});
