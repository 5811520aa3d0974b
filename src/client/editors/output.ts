import type { Editor } from '@tiptap/core';

// The allowlist of spec 1 §5 ("Rich-text sanitizing"), plus s for strikethrough.
const ALLOWED_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title'],
  b: [], i: [], s: [], ul: [], ol: [], li: [], p: [], h2: [], blockquote: [], br: [],
  pre: [], sub: [], sup: [], small: [],
  img: ['src', 'alt', 'data-orig-width', 'data-orig-height'],
  iframe: ['src', 'width', 'height', 'frameborder'],
  figure: ['data-orig-width', 'data-orig-height'],
  hr: ['class', 'data-label'],
};

/**
 * The last step before the HTML leaves the editor. The schema already holds only allowed
 * elements; this also drops attributes that built-in nodes carry (an ordered list's start and
 * type) and the empty paragraphs the spec says are removed, so the HTML is what the server keeps.
 */
export function cleanOutput(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  for (const element of Array.from(template.content.querySelectorAll('*'))) {
    const tag = element.tagName.toLowerCase();
    const allowed = ALLOWED_ATTRIBUTES[tag];
    if (!allowed) {
      element.replaceWith(...Array.from(element.childNodes));
      continue;
    }
    for (const { name } of Array.from(element.attributes)) {
      if (!allowed.includes(name)) element.removeAttribute(name);
    }
    if (tag === 'hr' && element.hasAttribute('class')) {
      if (element.classList.contains('read-more')) element.setAttribute('class', 'read-more');
      else element.removeAttribute('class');
    }
  }
  for (const paragraph of Array.from(template.content.querySelectorAll('p'))) {
    if (paragraph.childNodes.length === 0) paragraph.remove();
  }
  return template.innerHTML;
}

/** The document's HTML as the post body: allowlisted, iframe sources real. */
export function readHtml(editor: Editor): string {
  return cleanOutput(editor.getHTML());
}
