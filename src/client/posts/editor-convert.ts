// Switching the body editor keeps what was written: rich and html hold the same HTML; markdown
// is converted to and from it. Only the spec's allowed elements need a markdown form; anything
// else stays as inline HTML, which markdown allows (the server sanitizes either way). Both
// converters load on first use: they are only needed when someone switches editors.
import type TurndownService from 'turndown';
import type { EditorType } from '../../shared/constants';

type Convert = (value: string) => string;

/** The rules the spec's allowlist needs beyond Turndown's CommonMark defaults. */
function addRules(turndown: TurndownService) {
  // The editors write one heading level (h2); older posts' h1 and h3 come back as it too.
  turndown.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement: (content) => `\n\n## ${content.trim()}\n\n`,
  });
  turndown.addRule('strikethrough', {
    filter: (node) => ['S', 'DEL', 'STRIKE'].includes(node.nodeName),
    replacement: (content) => `~~${content}~~`,
  });
  // The read-more break has no markdown form; it stays the element the server knows.
  turndown.addRule('readMore', {
    filter: (node) => node.nodeName === 'HR' && node.classList.contains('read-more'),
    replacement: (_content, node) => `\n\n${(node as HTMLElement).outerHTML}\n\n`,
  });
  // "- item" and "1. item" rather than Turndown's wider markers; nested lines indent under the text.
  turndown.addRule('listItem', {
    filter: 'li',
    replacement: (content, node) => {
      const parent = node.parentNode as HTMLElement;
      const index = Array.prototype.indexOf.call(parent.children, node);
      const start = Number(parent.getAttribute('start') ?? 1) || 1;
      const marker = parent.nodeName === 'OL' ? `${start + index}. ` : '- ';
      const body = content.replace(/^\n+/, '').replace(/\n+$/, '').replace(/\n/g, `\n${' '.repeat(marker.length)}`);
      return `${marker}${body}${node.nextSibling ? '\n' : ''}`;
    },
  });
  turndown.keep(['sub', 'sup', 'small', 'iframe']);
}

let turndown: Promise<Convert> | null = null;

/**
 * HTML from the rich or html editor as markdown. Text that would read as markdown syntax is
 * escaped (Turndown does it per text), so a paragraph starting with "# ", "1. " or "> " stays a
 * paragraph when it comes back.
 */
export function loadHtmlToMarkdown(): Promise<Convert> {
  turndown ??= import('turndown').then(({ default: Turndown }) => {
    const service = new Turndown({
      headingStyle: 'atx',
      hr: '---',
      bulletListMarker: '-',
      codeBlockStyle: 'fenced',
      emDelimiter: '*',
      strongDelimiter: '**',
      br: '  ',
    });
    addRules(service);
    return (value: string) => (value.trim() ? service.turndown(value) : '');
  });
  return turndown;
}

let markdownIt: Promise<Convert> | null = null;

/** Markdown as HTML. */
export function loadMarkdownToHtml(): Promise<Convert> {
  markdownIt ??= import('markdown-it').then(({ default: MarkdownIt }) => {
    const md = new MarkdownIt({ html: true, linkify: true, breaks: false });
    return (value: string) => (value.trim() ? md.render(value).trim() : '');
  });
  return markdownIt;
}

/** How to carry a body over from one editor to another. */
export async function converterBetween(from: EditorType, to: EditorType): Promise<Convert> {
  if (from === to || (from !== 'markdown' && to !== 'markdown')) return (value) => value;
  if (to === 'markdown') return loadHtmlToMarkdown();
  return loadMarkdownToHtml();
}
