import { smartQuotes } from './smart-quotes';

// Spec 1 §5 "Plain-text editor": the rules applied to whatever a person types or pastes.

const ZERO_WIDTH = /[\u200B-\u200D\uFEFF]/g;
const LINE_BREAKS = /\r\n|\r|\n/g;
const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

export interface PlainTextRules {
  singleLine: boolean;
  smartQuotes: boolean;
  /** Most characters the whole text may hold. */
  limit?: number;
}

export function stripZeroWidth(text: string): string {
  return text.replace(ZERO_WIDTH, '');
}

/** Characters as a person counts them: an emoji made of two UTF-16 units is one. */
export function countChars(text: string): number {
  return text.length - (text.match(SURROGATE_PAIR)?.length ?? 0);
}

export function takeChars(text: string, count: number): string {
  if (count <= 0) return '';
  let out = '';
  let taken = 0;
  for (const char of text) {
    if (taken === count) break;
    out += char;
    taken += 1;
  }
  return out;
}

/** Characters still allowed between `before` and `after`; Infinity without a limit. */
export function roomLeft(before: string, after: string, limit: number | undefined): number {
  if (limit === undefined) return Infinity;
  return Math.max(0, limit - countChars(before) - countChars(after));
}

/** Cleans text that is being inserted between `before` and `after`. */
export function cleanInsertion(before: string, inserted: string, after: string, rules: PlainTextRules): string {
  let text = stripZeroWidth(inserted).replace(LINE_BREAKS, rules.singleLine ? ' ' : '\n');
  if (rules.smartQuotes) text = smartQuotes(text, before);
  return takeChars(text, roomLeft(before, after, rules.limit));
}

function commonPrefixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a[i] === b[i]) i += 1;
  return i;
}

function commonSuffixLength(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a[a.length - 1 - i] === b[b.length - 1 - i]) i += 1;
  return i;
}

/**
 * After the browser changed the text from `previous` to `raw` (typing, autocorrect, a native
 * paste), finds the inserted part and cleans only that, so quotes and characters elsewhere stay
 * as they were. `caret` is where the browser left the caret: the end of the insertion.
 */
export function applyInput(previous: string, raw: string, caret: number, rules: PlainTextRules): { text: string; caret: number } {
  let end = Math.min(Math.max(caret, 0), raw.length);
  if (!previous.endsWith(raw.slice(end))) end = raw.length - commonSuffixLength(previous, raw);
  const afterLength = raw.length - end;
  const start = commonPrefixLength(previous.slice(0, previous.length - afterLength), raw.slice(0, end));
  const before = raw.slice(0, start);
  const after = raw.slice(end);
  const inserted = cleanInsertion(before, raw.slice(start, end), after, rules);
  return { text: before + inserted + after, caret: start + inserted.length };
}

const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TR', 'FIGURE', 'UL', 'OL']);
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'META', 'TEMPLATE', 'TITLE', 'HEAD']);

/** Pasted HTML as the text a person saw: blocks and <br> become line breaks, tags go. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let out = '';
  const breakLine = () => {
    if (out !== '' && !out.endsWith('\n')) out += '\n';
  };
  const walk = (node: Node, inPre: boolean) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === Node.TEXT_NODE) {
        const text = child.textContent ?? '';
        out += inPre ? text : text.replace(/\s+/g, ' ');
      } else if (child instanceof Element && !SKIPPED.has(child.tagName)) {
        if (child.tagName === 'BR') {
          out += '\n';
          continue;
        }
        const block = BLOCKS.has(child.tagName);
        if (block) breakLine();
        walk(child, inPre || child.tagName === 'PRE');
        if (block) breakLine();
      }
    }
  };
  walk(doc.body, false);
  return out.replace(/ *\n */g, '\n').trim();
}
