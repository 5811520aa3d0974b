import { Node } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import styles from './RichTextEditor.module.css';
import { hostOf, isAllowedMediaSrc } from './urls';

function frameIn(element: HTMLElement): HTMLIFrameElement | null {
  if (element instanceof HTMLIFrameElement) return element;
  return (Array.from(element.children).find((child) => child.tagName === 'IFRAME') as HTMLIFrameElement | undefined) ?? null;
}

/** The real source: data-src when the HTML comes from an editor that had neutralised it. */
function sourceOf(element: HTMLElement): string | null {
  const frame = frameIn(element);
  return frame?.getAttribute('data-src') || frame?.getAttribute('src') || null;
}

function frameAttribute(name: string) {
  return { default: null, parseHTML: (element: HTMLElement) => frameIn(element)?.getAttribute(name) ?? null };
}

/**
 * An embed. Spec 1 §5: its source is neutralised while editing (a video must not play, or a
 * third party track the writer, inside the editor) and restored when the HTML is read. The
 * document keeps the real src, so getHTML() writes it; only the node view below, which is
 * what the writer sees, points the iframe at about:blank and keeps the source in data-src.
 */
export const Iframe = Node.create({
  name: 'iframe',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      src: { default: null, parseHTML: sourceOf },
      width: frameAttribute('width'),
      height: frameAttribute('height'),
      frameborder: frameAttribute('frameborder'),
    };
  },
  parseHTML() {
    const usable = (node: HTMLElement) => {
      const src = sourceOf(node);
      return src && isAllowedMediaSrc(src) ? null : false;
    };
    return [
      { tag: 'iframe', getAttrs: (node) => usable(node as HTMLElement) },
      { tag: 'figure', getAttrs: (node) => usable(node as HTMLElement) },
    ];
  },
  renderHTML({ HTMLAttributes }) {
    return ['iframe', HTMLAttributes];
  },
  addNodeView() {
    return ({ node }) => new IframePlaceholder(node);
  },
});

class IframePlaceholder implements NodeView {
  dom: HTMLElement;
  private frame: HTMLIFrameElement;
  private label: HTMLElement;
  private node: PMNode;

  constructor(node: PMNode) {
    this.node = node;
    this.dom = document.createElement('div');
    this.dom.className = styles.embed;
    this.frame = document.createElement('iframe');
    this.frame.src = 'about:blank';
    // Belt and braces: even about:blank runs nothing here.
    this.frame.setAttribute('sandbox', '');
    this.frame.tabIndex = -1;
    this.frame.setAttribute('aria-hidden', 'true');
    this.label = document.createElement('span');
    this.label.className = styles.embedLabel;
    this.dom.append(this.frame, this.label);
    this.render();
  }

  private render() {
    const { src, width, height } = this.node.attrs as Record<string, string | null>;
    this.frame.setAttribute('data-src', src ?? '');
    for (const [name, value] of [['width', width], ['height', height]] as const) {
      if (value) this.frame.setAttribute(name, value);
      else this.frame.removeAttribute(name);
    }
    const host = src ? hostOf(src) : '';
    this.label.textContent = host;
    this.dom.setAttribute('role', 'img');
    this.dom.setAttribute('aria-label', `Embedded content from ${host}`);
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  // The placeholder is drawn by the editor, not typed into.
  ignoreMutation() {
    return true;
  }
}
