import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Two independent parsers check the output: htmlparser2 (the family sanitize-html itself uses) and
// parse5, which implements the WHATWG algorithm browsers use for innerHTML. Neither is a declared
// dependency (they arrive through @types/sanitize-html and jsdom); see the report that added this.
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { isAllowedIframeSrc } from './embeds';
import { htmlToPlainText, plainTextToHtml, sanitizeRichHtml } from './sanitize';

const REL = 'target="_blank" rel="noopener noreferrer nofollow"';
const link = (href: string | null, text: string) => `<a ${href === null ? '' : `href="${href}" `}${REL}>${text}</a>`;

// [input, exact expected output]
const CASES: Array<[string, string]> = [
  // Allowed markup and the spec's renames.
  ['<p>Hello <strong>bold</strong> <em>it</em> <strike>a</strike> <del>b</del> <s>c</s></p>',
    '<p>Hello <b>bold</b> <i>it</i> <s>a</s> <s>b</s> <s>c</s></p>'],
  ['<h1>a</h1><h3>b</h3><h4>c</h4><h5>d</h5><h6>e</h6><h2>f</h2>', '<h2>a</h2><h2>b</h2><h2>c</h2><h2>d</h2><h2>e</h2><h2>f</h2>'],
  ['<div>one</div><div><div>nested</div></div>', '<p>one</p><p>nested</p>'],
  ['<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>q</p></blockquote>', '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>q</p></blockquote>'],
  ['<p><sub>2</sub><sup>3</sup><small>s</small>a<br>b</p><pre>  code\n  x</pre>', '<p><sub>2</sub><sup>3</sup><small>s</small>a<br />b</p><pre>  code\n  x</pre>'],
  ['<figure data-orig-width="800" data-orig-height="600" class="x"><img src="https://e.com/a.png" alt="A" data-orig-width="800" data-orig-height="600" width="10" title="t"></figure>',
    '<figure data-orig-width="800" data-orig-height="600"><img src="https://e.com/a.png" alt="A" data-orig-width="800" data-orig-height="600" /></figure>'],
  ['<p id="x" class="y" style="color:red" dir="rtl">x</p><span>sp</span><code>c</code>', '<p>x</p>spc'],
  ['<p>1 &lt; 2 &amp;&amp; &quot;q&quot;</p>', '<p>1 &lt; 2 &amp;&amp; "q"</p>'],
  // Empty paragraphs.
  ['<p></p><p> </p><p><br></p><p>&nbsp;</p><p>kept</p><p>\n</p>', '<p>kept</p>'],
  // Links: scheme added, relative kept, target/rel forced.
  ['<a href="example.com/x">e</a>', link('http://example.com/x', 'e')],
  ['<a href="www.example.com">w</a>', link('http://www.example.com', 'w')],
  ['<a href="example.com:8080/x">p</a>', link('http://example.com:8080/x', 'p')],
  ['<a href="/r">1</a><a href="#t">2</a><a href="?q=1">3</a><a href="./a">4</a><a href="../b">5</a>',
    link('/r', '1') + link('#t', '2') + link('?q=1', '3') + link('./a', '4') + link('../b', '5')],
  ['<a href="  https://e.com/  " title="T" target="_self" rel="opener" id="i">s</a>', '<a href="https://e.com/" title="T" target="_blank" rel="noopener noreferrer nofollow">s</a>'],
  ['<a href="mailto:me@e.com">m</a><a href="http://e.com" onclick="alert(1)">h</a>', link('mailto:me@e.com', 'm') + link('http://e.com', 'h')],
  ['<a href="">e</a>', link(null, 'e')],
  // Script, handlers, dangerous URLs.
  ['<script>alert(1)</script>', ''],
  ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
  ['<b onclick="alert(1)" onmouseover=alert(1)>x</b>', '<b>x</b>'],
  ['<img src=x onerror=alert(1)>', '<img src="x" />'],
  ['<IMG SRC=JaVaScRiPt:alert(1)>', ''],
  ['<a href="javascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="JaVaScRiPt:alert(1)">x</a>', link(null, 'x')],
  ['<a href="&#106;avascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="&#x6A;&#x61;vascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="jav&#x09;ascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="jav\tascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="jav&#x0A;ascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="&#14;  javascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="&#xA0;javascript:alert(1)">x</a>', link(null, 'x')],
  ['<a href="javascript&colon;alert(1)">x</a>', link(null, 'x')],
  ['<a href="vbscript:msgbox(1)">x</a>', link(null, 'x')],
  ['<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', link(null, 'x')],
  ['<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
  ['<img src=" JAVASCRIPT:alert(1)">', ''],
  ['<img src="/media/a.png" alt="">', '<img src="/media/a.png" alt="" />'],
  // Elements whose contents go too.
  ['<svg onload=alert(1)><script>alert(1)</script><text>t</text></svg>after', 'after'],
  ['<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  ['<style>body{background:red}</style><p style="color:red">x</p>', '<p>x</p>'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">', ''],
  ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>', ''],
  ['<textarea><b>t</b></textarea><title>t</title><template><img src=x onerror=alert(1)></template><select><option>o</option></select>', ''],
  ['<object data="javascript:alert(1)">fallback</object><embed src="javascript:alert(1)"><xmp><img src=x></xmp>', ''],
  ['<form action=javascript:alert(1)><button formaction=javascript:alert(1)>x</button></form>', 'x'],
  ['<!--<img src=x onerror=alert(1)>--><![CDATA[<script>alert(1)</script>]]>', ''],
  // Malformed nesting: whatever survives is text.
  ['<scr<script>ipt>alert(1)</scr</script>ipt>', 'ipt&gt;alert(1)ipt&gt;'],
  ['<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  ['<img """><script>alert(1)</script>">', '"&gt;'],
  // iframes.
  ['<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" frameborder="0" allowfullscreen style="x"><b>fallback</b>text</iframe>',
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" width="560" height="315" frameborder="0"></iframe>'],
  ['<iframe src="https://player.vimeo.com/video/76979871"></iframe>', '<iframe src="https://player.vimeo.com/video/76979871"></iframe>'],
  ['<iframe src="/embed/post/123"></iframe>', '<iframe src="/embed/post/123"></iframe>'],
  ['<iframe src="http://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>after', 'after'],
  ['<p>x<iframe src="https://evil.com/"><p>y</p></iframe>z</p>', '<p>xz</p>'],
  ['<iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>', ''],
  ['<iframe src="https://www.youtube.com@evil.com/embed/x"></iframe>', ''],
  ['<iframe src="https://www.youtube.com.evil.com/embed/x"></iframe>', ''],
  ['<iframe src="//www.youtube.com/embed/x"></iframe>', ''],
  ['<iframe src="javascript:alert(1)"></iframe><iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
  ['<iframe src="/embed/post/../../admin"></iframe><iframe src="/other"></iframe>', ''],
  ['<iframe src="https://blog.example/embed/post/1"></iframe>', ''],
  // hr: only class "read-more".
  ['<hr data-label="Keep reading" class="read-more" id="x"><hr class="read-more other"><hr class="fancy">',
    '<hr data-label="Keep reading" class="read-more" /><hr class="read-more" /><hr />'],
];

describe('sanitizeRichHtml', () => {
  it.each(CASES)('%j', (input, expected) => {
    const output = sanitizeRichHtml(input);
    expect(output).toBe(expected);
    expect(sanitizeRichHtml(output)).toBe(output);
  });

  it('keeps an iframe of our own host only when told the host', () => {
    const html = '<iframe src="https://blog.example/embed/post/1"></iframe>';
    expect(sanitizeRichHtml(html, { ownHost: 'blog.example' })).toBe(html);
    expect(sanitizeRichHtml('<iframe src="https://blog.example/dashboard"></iframe>', { ownHost: 'blog.example' })).toBe('');
  });
});

describe('plainTextToHtml', () => {
  it.each([
    ['one line', '<p>one line</p>'],
    ['a < b & "c"\nsecond line\n\n\n  next para  \r\n\r\nthird', '<p>a &lt; b &amp; "c"<br />second line</p><p>next para</p><p>third</p>'],
    ['<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['\n\n  \n', ''],
  ])('%j', (text, expected) => {
    expect(plainTextToHtml(text)).toBe(expected);
    expect(sanitizeRichHtml(plainTextToHtml(text))).toBe(expected);
  });
});

describe('htmlToPlainText', () => {
  it.each([
    ['<p>a &amp; b &lt;c&gt;</p><p>next&nbsp;para</p>', 'a & b <c> next para'],
    ['<h2>Title</h2><ul><li>one</li><li>two</li></ul>line<br>break', 'Title one two line break'],
    ['<p>x<script>alert(1)</script><style>p{}</style>y</p>', 'xy'],
    ['  &quot;quoted&quot;  &#x27;s  ', '"quoted" \'s'],
  ])('%j', (html, expected) => {
    expect(htmlToPlainText(html)).toBe(expected);
  });
});

// ---- The XSS corpus the repository carries (testdata/xss): every payload, structural checks on the output. ----

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const corpusDir = path.join(repoRoot, 'testdata', 'xss');
const CORPUS_FILES = ['vectors.json', 'vectors-extra.json'];

const ALLOWED: Record<string, string[]> = {
  a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt', 'data-orig-width', 'data-orig-height'],
  hr: ['data-label', 'class'], iframe: ['src', 'width', 'height', 'frameborder'], figure: ['data-orig-width', 'data-orig-height'],
};
for (const tag of ['b', 'i', 's', 'ul', 'ol', 'li', 'p', 'h2', 'blockquote', 'br', 'pre', 'sub', 'sup', 'small']) ALLOWED[tag] = [];

interface FoundElement { name: string; attrs: Array<[string, string]> }

function viaHtmlparser2(html: string): FoundElement[] {
  return DomUtils.findAll(() => true, parseDocument(html).children)
    .map((el) => ({ name: el.name, attrs: Object.entries(el.attribs) }));
}

function viaParse5(html: string): FoundElement[] {
  const found: FoundElement[] = [];
  const walk = (nodes: DefaultTreeAdapterTypes.ChildNode[]) => {
    for (const node of nodes) {
      if (!('tagName' in node)) continue;
      found.push({ name: node.tagName, attrs: node.attrs.map((a): [string, string] => [a.name, a.value]) });
      walk(node.childNodes);
      if (node.tagName === 'template') walk((node as DefaultTreeAdapterTypes.Template).content.childNodes);
    }
  };
  walk(parseFragment(html).childNodes);
  return found;
}

/** Every reason this output is unacceptable; empty when it is fine. */
function problemsOf(output: string): string[] {
  const problems: string[] = [];
  if (/<script/i.test(output)) problems.push('contains <script');
  for (const [parser, elements] of [['htmlparser2', viaHtmlparser2(output)], ['parse5', viaParse5(output)]] as const) {
    for (const { name, attrs } of elements) {
      const allowed = ALLOWED[name];
      if (!allowed) problems.push(`${parser}: element <${name}>`);
      for (const [attr, value] of attrs) {
        if (attr.startsWith('on')) problems.push(`${parser}: event handler ${attr} on <${name}>`);
        if (!allowed?.includes(attr)) problems.push(`${parser}: attribute ${attr} on <${name}>`);
        if (name === 'hr' && attr === 'class' && value !== 'read-more') problems.push(`${parser}: hr class ${value}`);
        if (attr === 'href' || attr === 'src') {
          // eslint-disable-next-line no-control-regex
          const squashed = value.toLowerCase().replace(/[\s\u0000-\u001f\u007f-\u009f]/g, '');
          if (/^(javascript|vbscript|data):/.test(squashed)) problems.push(`${parser}: ${attr}=${value}`);
          // What the browser would actually load or navigate to.
          const resolved = URL.canParse(value, 'https://blog.example/p/1') ? new URL(value, 'https://blog.example/p/1').protocol : 'none';
          const schemes = name === 'a' ? ['http:', 'https:', 'mailto:', 'none'] : ['http:', 'https:', 'none'];
          if (!schemes.includes(resolved)) problems.push(`${parser}: ${attr} resolves to ${resolved}`);
          if (name === 'iframe' && !isAllowedIframeSrc(value)) problems.push(`${parser}: iframe src ${value}`);
        }
      }
      if (name === 'a' && (!attrs.some(([k, v]) => k === 'target' && v === '_blank') || !attrs.some(([k, v]) => k === 'rel' && v === 'noopener noreferrer nofollow'))) {
        problems.push(`${parser}: <a> without target/rel`);
      }
    }
  }
  return problems;
}

describe('XSS corpus (testdata/xss)', () => {
  const missing = CORPUS_FILES.filter((file) => !existsSync(path.join(corpusDir, file)));
  if (missing.length > 0) {
    it('finds the corpus', () => {
      throw new Error(`XSS corpus missing: ${missing.join(', ')} not found in ${corpusDir}. It is part of the repository `
        + '(testdata/xss, with its SOURCE.md and licences): restore it from version control.');
    });
    return;
  }
  const payloads = CORPUS_FILES.flatMap((file) => JSON.parse(readFileSync(path.join(corpusDir, file), 'utf8')) as string[]);

  it(`sanitizes all ${payloads.length} payloads idempotently, to allowlisted markup only`, () => {
    expect(payloads.length).toBeGreaterThanOrEqual(1447);
    const failures: Array<{ payload: string; output: string; problems: string[] }> = [];
    let checked = 0;
    for (const payload of payloads) {
      expect(typeof payload).toBe('string');
      const output = sanitizeRichHtml(payload);
      const again = sanitizeRichHtml(output);
      const problems = problemsOf(output);
      if (again !== output) problems.push(`not idempotent: ${JSON.stringify(again)}`);
      if (problems.length > 0) failures.push({ payload, output, problems });
      checked++;
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(payloads.length);
  });

  it('catches what it is meant to catch (the checker itself)', () => {
    expect(problemsOf('<p onclick="x">a</p>')).not.toEqual([]);
    expect(problemsOf('<a href=" java\tscript:x" target="_blank" rel="noopener noreferrer nofollow">a</a>')).not.toEqual([]);
    expect(problemsOf('<img src="data:image/png;base64,AA">')).not.toEqual([]);
    expect(problemsOf('<iframe src="https://evil.com/"></iframe>')).not.toEqual([]);
    expect(problemsOf('<hr class="x" /><span>a</span>')).toHaveLength(4);
    expect(problemsOf('<p><a href="/x" target="_blank" rel="noopener noreferrer nofollow">a</a></p>')).toEqual([]);
  });
});
