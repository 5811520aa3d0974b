import { describe, expect, it } from 'vitest';
import { converterBetween, loadHtmlToMarkdown, loadMarkdownToHtml } from './editor-convert';

const toMarkdown = (html: string) => loadHtmlToMarkdown().then((convert) => convert(html));
const toHtml = (markdown: string) => loadMarkdownToHtml().then((convert) => convert(markdown));

describe('HTML to markdown', () => {
  it('writes the allowed elements as markdown', async () => {
    const html =
      '<h2>Head</h2><p>Some <b>bold</b>, <i>italic</i>, <s>gone</s> and a <a href="https://x.example" title="X">link</a>.<br>Next</p>' +
      '<blockquote><p>Quoted</p></blockquote><ul><li>one</li><li>two<ul><li>inner</li></ul></li></ul><ol><li>first</li></ol><hr><p><img src="https://i.example/a.png" alt="A"></p>';
    expect(await toMarkdown(html)).toBe(
      '## Head\n\nSome **bold**, *italic*, ~~gone~~ and a [link](https://x.example "X").  \nNext\n\n> Quoted\n\n- one\n- two\n  - inner\n\n1. first\n\n---\n\n![A](https://i.example/a.png)',
    );
  });

  it('escapes markdown characters in text and keeps sub/sup/small, iframes and the read-more break as HTML', async () => {
    expect(await toMarkdown('<p>2*3 = 6_x <sup>2</sup></p>')).toBe('2\\*3 = 6\\_x <sup>2</sup>');
    expect(await toMarkdown('<p>a</p><hr class="read-more"><p>b</p>')).toBe('a\n\n<hr class="read-more">\n\nb');
    expect(await toMarkdown('  ')).toBe('');
  });

  // These came back as a heading, a list and a quote: the markdown syntax in them was not escaped.
  it.each(['# not a heading', '1. not a list', '> not a quote', '- not a bullet', '+ not a bullet'])(
    'brings back the paragraph "%s" as the same paragraph after rich → markdown → rich',
    async (text) => {
      const html = `<p>${text.replace('>', '&gt;')}</p>`;
      expect(await toHtml(await toMarkdown(html))).toBe(html);
    },
  );

  it('brings the allowed elements back as they were', async () => {
    const html = '<h2>Head</h2>\n<blockquote>\n<p>Quoted</p>\n</blockquote>\n<ol>\n<li>first</li>\n<li>second</li>\n</ol>';
    expect(await toHtml(await toMarkdown(html))).toBe(html);
  });
});

describe('converterBetween', () => {
  it('keeps HTML between rich and html, converts to and from markdown', async () => {
    expect((await converterBetween('rich', 'html'))('<p>a</p>')).toBe('<p>a</p>');
    expect((await converterBetween('html', 'markdown'))('<p><b>a</b></p>')).toBe('**a**');
    expect((await converterBetween('markdown', 'rich'))('**a**\n\n- b')).toBe('<p><strong>a</strong></p>\n<ul>\n<li>b</li>\n</ul>');
    expect((await converterBetween('markdown', 'html'))('')).toBe('');
  });
});
