import { describe, expect, it } from 'vitest';
import { messageLinks, MESSAGE_LINKS_MAX, textSpans } from './links';

const SITE = 'http://127.0.0.1:3000';

describe('messageLinks', () => {
  it('finds an outside address, leaving out the punctuation that ends the sentence', () => {
    const text = 'Look at https://example.org/a?b=1. Nice, no?';
    expect(messageLinks(text, SITE)).toEqual([
      { type: 'link', position: { start: 8, end: 33 }, attributes: { url: 'https://example.org/a?b=1' } },
    ]);
    expect(text.slice(8, 33)).toBe('https://example.org/a?b=1');
  });

  it('keeps a closing bracket the address opened, and drops one it did not', () => {
    const [wiki] = messageLinks('see https://en.wikipedia.org/wiki/Alien_(film)', SITE);
    expect(wiki!.attributes.url).toBe('https://en.wikipedia.org/wiki/Alien_(film)');
    const [aside] = messageLinks('(at https://example.org/x)', SITE);
    expect(aside!.attributes.url).toBe('https://example.org/x');
    expect(aside!.position).toEqual({ start: 4, end: 25 });
  });

  it('reads www. addresses as https, over their own text', () => {
    expect(messageLinks('go to www.example.org!', SITE)).toEqual([
      { type: 'link', position: { start: 6, end: 21 }, attributes: { url: 'https://www.example.org/' } },
    ]);
  });

  it("names this site's blog, post and conversation addresses", () => {
    const text = `${SITE}/blog/ann ${SITE}/blog/ann/post/123/a-slug ${SITE}/messaging/conversation/bob ${SITE}/conversation/new/cy ${SITE}/dashboard`;
    expect(messageLinks(text, SITE).map((entry) => entry.attributes)).toEqual([
      { url: `${SITE}/blog/ann`, blog_name: 'ann' },
      { url: `${SITE}/blog/ann/post/123/a-slug`, blog_name: 'ann', post_id: '123' },
      { url: `${SITE}/messaging/conversation/bob`, messaging_blog_name: 'bob' },
      { url: `${SITE}/conversation/new/cy`, messaging_blog_name: 'cy' },
      { url: `${SITE}/dashboard` },
    ]);
  });

  it('gives another site the same paths nothing, and a post id no post can have no post_id', () => {
    expect(messageLinks('https://elsewhere.example/blog/ann/post/5', SITE)[0]!.attributes).toEqual({ url: 'https://elsewhere.example/blog/ann/post/5' });
    expect(messageLinks(`${SITE}/blog/ann/post/99999999999999999999`, SITE)[0]!.attributes).toEqual({ url: `${SITE}/blog/ann/post/99999999999999999999`, blog_name: 'ann' });
  });

  it('finds nothing in plain text, a bare word after a scheme, or another scheme', () => {
    expect(messageLinks('no links here, just a.dot and http:// alone', SITE)).toEqual([]);
    expect(messageLinks('http://intranet/page javascript:alert(1) ftp://example.org', SITE)).toEqual([]);
  });

  it(`stores at most ${MESSAGE_LINKS_MAX} links`, () => {
    const text = Array.from({ length: MESSAGE_LINKS_MAX + 5 }, (_, i) => `https://example.org/${i}`).join(' ');
    expect(messageLinks(text, SITE)).toHaveLength(MESSAGE_LINKS_MAX);
  });

  it('counts positions in UTF-16 units, as the client slices them', () => {
    const text = '😀 https://example.org';
    const [entry] = messageLinks(text, SITE);
    expect(text.slice(entry!.position.start, entry!.position.end)).toBe('https://example.org');
  });
});

describe('textSpans', () => {
  it('splits a text around its link entries', () => {
    const text = 'a https://example.org b';
    expect(textSpans(text, messageLinks(text, SITE))).toEqual([
      { text: 'a ' },
      { text: 'https://example.org', link: { url: 'https://example.org/' } },
      { text: ' b' },
    ]);
  });

  it('draws entries that overlap, leave the text or are not links as plain text', () => {
    const link = (start: number, end: number) => ({ type: 'link', position: { start, end }, attributes: { url: 'https://example.org/' } });
    expect(textSpans('abcdef', [link(0, 3), link(2, 4), link(4, 99), { type: 'bold', position: { start: 4, end: 5 } }, null, 'x'])).toEqual([
      { text: 'abc', link: { url: 'https://example.org/' } },
      { text: 'def' },
    ]);
    expect(textSpans('', [])).toEqual([{ text: '' }]);
  });
});
