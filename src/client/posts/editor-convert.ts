// Switching the body editor keeps what was written: rich and html hold the same HTML; markdown
// is converted to and from it. Only the spec's allowed elements need a markdown form; anything
// else stays as inline HTML, which markdown allows (the server sanitizes either way).
import type { EditorType } from '../../shared/constants';

type Convert = (value: string) => string;

const INLINE_MARKS: Record<string, string> = { B: '**', STRONG: '**', I: '*', EM: '*', S: '~~', STRIKE: '~~', DEL: '~~' };

function inline(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').replace(/([\\`*_[\]])/g, '\\$1');
  if (!(node instanceof Element)) return '';
  const inner = () => [...node.childNodes].map(inline).join('');
  const mark = INLINE_MARKS[node.tagName];
  if (mark) return `${mark}${inner()}${mark}`;
  switch (node.tagName) {
    case 'A': {
      const title = node.getAttribute('title');
      return `[${inner()}](${node.getAttribute('href') ?? ''}${title ? ` "${title}"` : ''})`;
    }
    case 'IMG':
      return `![${node.getAttribute('alt') ?? ''}](${node.getAttribute('src') ?? ''})`;
    case 'BR':
      return '  \n';
    case 'CODE':
      return `\`${node.textContent ?? ''}\``;
    case 'SUB': case 'SUP': case 'SMALL':
      return `<${node.tagName.toLowerCase()}>${inner()}</${node.tagName.toLowerCase()}>`;
    default:
      return inner();
  }
}

function list(node: Element, ordered: boolean, depth: number): string {
  return [...node.children]
    .filter((child) => child.tagName === 'LI')
    .map((item, index) => {
      const marker = ordered ? `${index + 1}. ` : '- ';
      const own = [...item.childNodes].filter((c) => !(c instanceof Element && (c.tagName === 'UL' || c.tagName === 'OL')));
      const nested = [...item.children].filter((c) => c.tagName === 'UL' || c.tagName === 'OL');
      const text = own.map(inline).join('').trim();
      const children = nested.map((n) => `\n${list(n, n.tagName === 'OL', depth + 1)}`).join('');
      return `${'   '.repeat(depth)}${marker}${text}${children}`;
    })
    .join('\n');
}

function block(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node.textContent ?? '').trim() ? inline(node) : '';
  if (!(node instanceof Element)) return '';
  switch (node.tagName) {
    case 'P': return inline(node);
    case 'H1': case 'H2': case 'H3': return `## ${inline(node)}`;
    case 'BLOCKQUOTE':
      return blocks(node).split('\n').map((line) => (line ? `> ${line}` : '>')).join('\n');
    case 'UL': return list(node, false, 0);
    case 'OL': return list(node, true, 0);
    case 'PRE': return `\`\`\`\n${node.textContent ?? ''}\n\`\`\``;
    case 'HR': return node.classList.contains('read-more') ? node.outerHTML : '---';
    case 'FIGURE': case 'DIV': return blocks(node);
    case 'IFRAME': return node.outerHTML;
    default: return inline(node);
  }
}

const blocks = (root: Element) => [...root.childNodes].map(block).filter((text) => text !== '').join('\n\n');

/** HTML from the rich or html editor as markdown. */
export function htmlToMarkdown(html: string): string {
  if (!html.trim()) return '';
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  return blocks(doc.body);
}

let markdownIt: Promise<Convert> | null = null;

/** Markdown as HTML; the parser loads on first use (it is only needed when switching editors). */
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
  if (to === 'markdown') return htmlToMarkdown;
  return loadMarkdownToHtml();
}
