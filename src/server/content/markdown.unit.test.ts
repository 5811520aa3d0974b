import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';
import { sanitizeRichHtml } from './sanitize';

const REL = 'target="_blank" rel="noopener noreferrer nofollow"';

describe('renderMarkdown', () => {
  it.each([
    ['headings of every level become h2', '# One\n\n## Two\n\n###### Six', '<h2>One</h2>\n<h2>Two</h2>\n<h2>Six</h2>'],
    ['setext headings too', 'Title\n=====', '<h2>Title</h2>'],
    ['emphasis becomes b and i', '*a* _b_ **c** __d__', '<p><i>a</i> <i>b</i> <b>c</b> <b>d</b></p>'],
    ['strikethrough becomes s', '~~gone~~', '<p><s>gone</s></p>'],
    ['links get target and rel', '[site](https://example.com "Title")', `<p><a href="https://example.com" title="Title" ${REL}>site</a></p>`],
    ['relative and scheme-less links', '[r](/blog/x) [s](example.com)', `<p><a href="/blog/x" ${REL}>r</a> <a href="http://example.com" ${REL}>s</a></p>`],
    ['autolinks', '<https://example.com/a>', `<p><a href="https://example.com/a" ${REL}>https://example.com/a</a></p>`],
    ['bare URLs stay text (linkify off)', 'see https://example.com', '<p>see https://example.com</p>'],
    ['images keep src and alt, not title', '![A cat](https://example.com/cat.png "t")', '<p><img src="https://example.com/cat.png" alt="A cat" /></p>'],
    ['data: images are dropped', '![d](data:image/png;base64,AAAA)', ''],
    ['lists', '- a\n- b\n\n1. one\n2. two', '<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n<ol>\n<li>one</li>\n<li>two</li>\n</ol>'],
    ['blockquote', '> quoted\n> more', '<blockquote>\n<p>quoted\nmore</p>\n</blockquote>'],
    ['inline code is plain text', 'use `a < b` here', '<p>use a &lt; b here</p>'],
    ['fenced code becomes pre', '```js\nif (a < b) alert("x");\n```', '<pre>if (a &lt; b) alert("x");\n</pre>'],
    ['indented code becomes pre', '    <script>x</script>', '<pre>&lt;script&gt;x&lt;/script&gt;\n</pre>'],
    ['hard breaks', 'one  \ntwo', '<p>one<br />\ntwo</p>'],
    ['raw HTML is sanitized', 'Hi <script>alert(1)</script><b onclick="alert(1)">b</b>', '<p>Hi <b>b</b></p>'],
    ['raw HTML blocks too', '<div onmouseover="alert(1)">\n\n*x*\n\n</div>\n\n<style>p{}</style>', '<p><i>x</i></p>'],
    ['javascript: link target is not a link', '[x](javascript:alert(1))', '<p>[x](javascript:alert(1))</p>'],
    // markdown-it decodes the entity and percent-encodes the tab, so no scheme is left: the href gets
    // http:// like any scheme-less link, and the browser reads it as an (invalid) http URL.
    ['encoded javascript: link target', '[x](jav&#x09;ascript:alert(1))', `<p><a href="http://jav%09ascript:alert(1)" ${REL}>x</a></p>`],
    ['javascript: in a raw HTML link', '<a href="JavaScript:alert(1)">x</a>', `<p><a ${REL}>x</a></p>`],
    ['javascript: in a reference link', '[x][r]\n\n[r]: javascript:alert(1)', '<p>[x][r]</p>\n<p>[r]: javascript:alert(1)</p>'],
    ['tables are not rendered', '| a |\n|---|\n| 1 |', '<p>| a |\n|---|\n| 1 |</p>'],
    ['an allowed embed in raw HTML', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>', '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>'],
    ['a disallowed iframe', '<iframe src="https://evil.com/"></iframe>', ''],
  ])('%s', (_what, source, expected) => {
    const html = renderMarkdown(source);
    expect(html).toBe(expected);
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('passes ownHost through to the sanitizer', () => {
    const source = '<iframe src="https://blog.example/embed/post/9"></iframe>';
    expect(renderMarkdown(source)).toBe('');
    expect(renderMarkdown(source, { ownHost: 'blog.example' })).toBe(source);
  });
});
