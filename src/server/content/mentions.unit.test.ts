import { describe, expect, it } from 'vitest';
import { linkableMentions, linkMentions } from './mentions';
import { sanitizeRichHtml } from './sanitize';

const blogs = new Set(['ann', 'bob-2']);
const link = (name: string, written = `@${name}`) => `<a href="/blog/${name}" data-peepr-blog="${name}">${written}</a>`;

describe('linkMentions', () => {
  it('links "@name" of a known blog, keeping the case as written, and leaves other names as text', () => {
    expect(linkMentions('<p>Hi @Ann and @bob-2, not @carl.</p>', blogs)).toBe(`<p>Hi ${link('ann', '@Ann')} and ${link('bob-2')}, not @carl.</p>`);
  });

  it('links nothing inside a link or preformatted text, however deep', () => {
    const html = '<p><a href="https://x.example/">ask <b>@ann</b></a> or @ann</p><pre>npm i @ann</pre><p>after @ann</p>';
    expect(linkMentions(html, blogs)).toBe(`<p><a href="https://x.example/">ask <b>@ann</b></a> or ${link('ann')}</p><pre>npm i @ann</pre><p>after ${link('ann')}</p>`);
    expect(linkableMentions(html)).toEqual(['ann']);
  });

  it('is no mention in an email address, a path or a longer word', () => {
    const html = '<p>ann@example.com, /@ann, x@ann, @ann_x, @ann@example.com</p>';
    expect(linkMentions(html, blogs)).toBe(html);
    expect(linkableMentions(html)).toEqual([]);
  });

  it('reads escaped text as the sanitizer writes it, and keeps it escaped', () => {
    const html = sanitizeRichHtml('<p>Tom &amp; @ann &lt;3</p>');
    expect(linkMentions(html, blogs)).toBe(`<p>Tom &amp; ${link('ann')} &lt;3</p>`);
  });

  it('changes nothing without known blogs', () => {
    expect(linkMentions('<p>@ann</p>', new Set())).toBe('<p>@ann</p>');
    expect(linkableMentions('<p>@ann, @Ann and @bob-2-</p>')).toEqual(['ann', 'bob-2']);
  });
});
