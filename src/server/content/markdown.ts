// Markdown posts: rendered once on write, then held to exactly the same rules as rich-text HTML.
import MarkdownIt from 'markdown-it';
import { sanitizeRichHtml, type SanitizeOptions } from './sanitize';

// The CommonMark preset: raw inline HTML is allowed (authors mix in <sup>, <small> and embeds) and
// is then sanitized like any other HTML; linkify is off so bare text never silently becomes a link.
// Strikethrough is the one extension: the allowlist carries <s> and the rich editor offers it, so
// markdown authors get the same. Tables stay off: the allowlist has no table elements.
const md = new MarkdownIt('commonmark', { html: true, linkify: false, typographer: false }).enable('strikethrough');

/**
 * Markdown -> sanitized HTML. The sanitizer does the shaping: every heading level becomes <h2>,
 * <strong>/<em> become <b>/<i>, <code> is unwrapped to its text (fenced code keeps its <pre>).
 * markdown-it already refuses javascript:/vbscript:/file:/data: link targets; the sanitizer
 * checks again, since raw HTML links bypass markdown-it's check.
 */
export function renderMarkdown(source: string, options: SanitizeOptions = {}): string {
  return sanitizeRichHtml(md.render(source), options);
}
