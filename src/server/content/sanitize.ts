// The one place user HTML in posts is cleaned. Everything is stored sanitized (on write), and the
// client renders only what comes out of here, so the rules below are the whole XSS defence for posts.
import sanitizeHtml from 'sanitize-html';
import { isAllowedIframeSrc } from './embeds';

export interface SanitizeOptions {
  /** The site's own host (from PUBLIC_URL), whose /embed/post/ pages may be iframed. */
  ownHost?: string;
}

// The spec's list, plus `s`: the rich editor's toolbar has strikethrough and sends it as <s>.
export const ALLOWED_TAGS = [
  'a', 'b', 'i', 's', 'ul', 'ol', 'li', 'p', 'h2', 'blockquote', 'img', 'iframe', 'figure',
  'br', 'hr', 'pre', 'sub', 'sup', 'small',
] as const;

// `target` and `rel` on links are never taken from the author: the `a` transform overwrites them.
export const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'data-orig-width', 'data-orig-height'],
  hr: ['data-label', 'class'],
  iframe: ['src', 'width', 'height', 'frameborder'],
  figure: ['data-orig-width', 'data-orig-height'],
};

export const LINK_REL = 'noopener noreferrer nofollow';

// Elements whose contents must go with them. Most are raw text, foreign content or fallback
// content, where keeping the inner text would turn their (decoded) text into visible junk or markup.
const DROP_WITH_CONTENTS = [
  'script', 'style', 'noscript', 'meta', 'textarea', 'title', 'template', 'xmp', 'noembed',
  'noframes', 'svg', 'math', 'object', 'embed', 'applet', 'frameset', 'select', 'option',
];

// Anything nested in a kept iframe is renamed to this, so it is dropped with its subtree. Browsers
// treat iframe contents as raw text anyway; emptying them keeps the stored HTML honest.
const IFRAME_CONTENT = 'x-iframe-content';

// Browsers ignore these around a URL (C0 controls and space), and tab/newline anywhere in it.
// eslint-disable-next-line no-control-regex
const URL_IGNORED_EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
// eslint-disable-next-line no-control-regex
const URL_INVISIBLE = /[\u0000-\u0020\u007f-\u009f\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// "example.com:8080/x" parses as scheme "example.com", but a person meant a host and a port.
const HOST_AND_PORT = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+:\d+(?:[/?#]|$)/i;
const RELATIVE_PREFIXES = ['/', '#', '?', './', '../'];

/** The URL's scheme as a browser would read it, ignoring the characters used to hide one. */
function schemeOf(url: string): string | null {
  const compact = url.replace(URL_INVISIBLE, '');
  if (HOST_AND_PORT.test(compact)) return null;
  return SCHEME.exec(compact)?.[1]?.toLowerCase() ?? null;
}

/** Link href: trimmed; "example.com/x" -> "http://example.com/x"; undefined when it must go. */
function fixHref(raw: string): string | undefined {
  const href = raw.replace(URL_IGNORED_EDGES, '');
  if (!href) return undefined;
  const scheme = schemeOf(href);
  if (scheme) return ['http', 'https', 'mailto'].includes(scheme) ? href : undefined;
  if (RELATIVE_PREFIXES.some((prefix) => href.startsWith(prefix))) return href;
  return `http://${href}`;
}

/** Image src: http(s) or relative; undefined when it must go (data:, javascript:, ...). */
function fixSrc(raw: string): string | undefined {
  const src = raw.replace(URL_IGNORED_EDGES, '');
  if (!src) return undefined;
  const scheme = schemeOf(src);
  return scheme === null || scheme === 'http' || scheme === 'https' ? src : undefined;
}

function withUrl(attribs: sanitizeHtml.Attributes, name: string, fix: (raw: string) => string | undefined) {
  const out = { ...attribs };
  const value = out[name] === undefined ? undefined : fix(out[name]);
  if (value === undefined) delete out[name];
  else out[name] = value;
  return out;
}

function renameTo(tagName: string): sanitizeHtml.Transformer {
  return (_name, attribs) => ({ tagName, attribs });
}

function passOptions(ownHost: string | undefined): sanitizeHtml.IOptions {
  // htmlparser2 reports every open and close (implied ones included), so a name stack tells us
  // whether the tag being opened sits inside an iframe.
  const open: string[] = [];
  let iframesOpen = 0;
  let insideIframe = false;

  return {
    allowedTags: [...ALLOWED_TAGS],
    allowedAttributes: Object.fromEntries(Object.entries(ALLOWED_ATTRIBUTES).map(([k, v]) => [k, [...v]])),
    allowedClasses: { hr: ['read-more'] },
    // Second line of defence behind fixHref/fixSrc, using sanitize-html's own scheme check.
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { a: ['http', 'https', 'mailto'], img: ['http', 'https'], iframe: ['https'] },
    allowProtocolRelative: true,
    disallowedTagsMode: 'discard',
    nonTextTags: [...DROP_WITH_CONTENTS, IFRAME_CONTENT],
    transformTags: {
      strong: renameTo('b'),
      em: renameTo('i'),
      strike: renameTo('s'),
      del: renameTo('s'),
      h1: renameTo('h2'), h3: renameTo('h2'), h4: renameTo('h2'), h5: renameTo('h2'), h6: renameTo('h2'),
      div: renameTo('p'),
      a: (_name, attribs) => ({
        tagName: 'a',
        attribs: { ...withUrl(attribs, 'href', fixHref), target: '_blank', rel: LINK_REL },
      }),
      img: (_name, attribs) => ({ tagName: 'img', attribs: withUrl(attribs, 'src', fixSrc) }),
      '*': (name, attribs) => (insideIframe ? { tagName: IFRAME_CONTENT, attribs: {} } : { tagName: name, attribs }),
    },
    onOpenTag: (name) => {
      insideIframe = iframesOpen > 0;
      open.push(name);
      if (name === 'iframe') iframesOpen++;
    },
    onCloseTag: () => {
      if (open.pop() === 'iframe') iframesOpen--;
    },
    textFilter: (text, tagName) => (tagName === 'iframe' ? '' : text),
    // An iframe that is not a known embed goes entirely, contents included (a bare <iframe> would
    // still be an empty frame on the page).
    // An image whose address was refused shows nothing: drop it rather than keep an empty <img>.
    exclusiveFilter: (frame) =>
      (frame.tag === 'iframe' && !isAllowedIframeSrc(frame.attribs.src ?? '', ownHost)) ||
      (frame.tag === 'img' && !frame.attribs.src),
  };
}

// Paragraphs with nothing to show. The serialiser writes `<p>` and `<br />` in exactly these forms
// (no attributes survive on p) and escapes every `<` in text and attribute values, so the pattern
// can only ever match real tags.
const EMPTY_PARAGRAPH = /<p>(?:\s|&nbsp;|<br \/>)*<\/p>/g;

function cleanOnce(html: string, ownHost: string | undefined): string {
  return sanitizeHtml(html, passOptions(ownHost)).replace(EMPTY_PARAGRAPH, '').trim();
}

// htmlparser2 fixes nesting by the *original* tag names (a <div> in a <div> is fine, but the two
// <p>s they become are not), and removing empty paragraphs can expose others. One more pass over
// our own output settles both, so we repeat until nothing changes: the result is then a fixed
// point, which is what makes sanitizeRichHtml idempotent. In practice: two passes, three at most.
const MAX_PASSES = 6;

export function sanitizeRichHtml(html: string, options: SanitizeOptions = {}): string {
  let current = cleanOnce(html, options.ownHost);
  for (let pass = 1; pass < MAX_PASSES; pass++) {
    const next = cleanOnce(current, options.ownHost);
    if (next === current) return current;
    current = next;
  }
  // Never converged (nothing in the XSS corpus needs more than three passes): fall back to the
  // text alone, and only if that too is a fixed point, so idempotency holds unconditionally.
  const text = plainTextToHtml(htmlToPlainText(html));
  return cleanOnce(text, options.ownHost) === text ? text : '';
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text -> HTML: blank lines separate paragraphs, single newlines become <br />. */
export function plainTextToHtml(text: string): string {
  const html = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n\s*/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeText(para).replace(/[ \t]*\n[ \t]*/g, '<br />')}</p>`)
    .join('');
  return cleanOnce(html, undefined);
}

// Elements after which the text of the next block must not run into the previous one.
const BLOCK_BOUNDARY = new Set(['p', 'div', 'br', 'hr', 'li', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'blockquote', 'pre', 'figure', 'figcaption', 'tr', 'td', 'th', 'table', 'section', 'article', 'img', 'iframe']);
const TEXT_ENTITIES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&amp;': '&' };

/** Text content of HTML (excerpts, summaries): entities decoded, whitespace collapsed. */
export function htmlToPlainText(html: string): string {
  let boundary = false;
  const escaped = sanitizeHtml(html, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: [...DROP_WITH_CONTENTS, 'iframe'],
    onOpenTag: (name) => {
      if (BLOCK_BOUNDARY.has(name)) boundary = true;
    },
    onCloseTag: (name) => {
      if (BLOCK_BOUNDARY.has(name)) boundary = true;
    },
    textFilter: (text) => {
      const out = boundary ? ` ${text}` : text;
      boundary = false;
      return out;
    },
  });
  // sanitize-html escapes exactly &, < and > in text; undo just that.
  return escaped.replace(/&(?:lt|gt|amp);/g, (entity) => TEXT_ENTITIES[entity]).replace(/\s+/g, ' ').trim();
}
