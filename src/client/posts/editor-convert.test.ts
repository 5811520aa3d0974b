import { describe, expect, it } from 'vitest';
import { converterBetween, htmlToMarkdown } from './editor-convert';

describe('htmlToMarkdown', () => {
  it('writes the allowed elements as markdown', () => {
    const html =
      '<h2>Head</h2><p>Some <b>bold</b>, <i>italic</i> and a <a href="https://x.example" title="X">link</a>.<br>Next</p>' +
      '<blockquote><p>Quoted</p></blockquote><ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><hr><p><img src="https://i.example/a.png" alt="A"></p>';
    expect(htmlToMarkdown(html)).toBe(
      '## Head\n\nSome **bold**, *italic* and a [link](https://x.example "X").  \nNext\n\n> Quoted\n\n- one\n- two\n\n1. first\n\n---\n\n![A](https://i.example/a.png)',
    );
  });

  it('escapes markdown characters in text and keeps sub/sup/small as HTML', () => {
    expect(htmlToMarkdown('<p>2*3 = 6_x <sup>2</sup></p>')).toBe('2\\*3 = 6\\_x <sup>2</sup>');
    expect(htmlToMarkdown('  ')).toBe('');
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
