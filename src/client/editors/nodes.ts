import { Node } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { isImagePending } from './pending-images';
import { isAllowedMediaSrc } from './urls';

/** Preformatted text as a bare <pre> (Tiptap's code block writes <pre><code>). */
export const Pre = Node.create({
  name: 'pre',
  group: 'block',
  content: 'text*',
  marks: '',
  // Enter adds a line inside it instead of a new paragraph.
  code: true,
  defining: true,
  parseHTML() {
    return [{ tag: 'pre', preserveWhitespace: 'full' }];
  },
  renderHTML() {
    return ['pre', 0];
  },
});

/** A horizontal rule; with the read-more class it is the post's "Read more" break. */
export const HorizontalRule = Node.create({
  name: 'horizontalRule',
  group: 'block',
  selectable: true,
  addAttributes() {
    return {
      readMore: {
        default: false,
        parseHTML: (element) => element.classList.contains('read-more'),
        renderHTML: (attrs) => (attrs.readMore ? { class: 'read-more' } : {}),
      },
      label: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-label'),
        renderHTML: (attrs) => (attrs.label ? { 'data-label': attrs.label } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'hr' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['hr', HTMLAttributes];
  },
});

function imageIn(element: HTMLElement): HTMLImageElement | null {
  if (element instanceof HTMLImageElement) return element;
  return (Array.from(element.children).find((child) => child.tagName === 'IMG') as HTMLImageElement | undefined) ?? null;
}

/** The original size is written on the image and may be on its figure too. */
function origSize(element: HTMLElement, name: string): string | null {
  return imageIn(element)?.getAttribute(name) ?? element.getAttribute(name);
}

/**
 * An image as the post body stores it: <figure data-orig-*><img src alt data-orig-*></figure>.
 * Reads that, and a bare <img> (a paste from another site).
 */
export const FigureImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null, parseHTML: (element) => imageIn(element)?.getAttribute('src') ?? null },
      alt: { default: null, parseHTML: (element) => imageIn(element)?.getAttribute('alt') ?? null },
      origWidth: { default: null, parseHTML: (element) => origSize(element, 'data-orig-width') },
      origHeight: { default: null, parseHTML: (element) => origSize(element, 'data-orig-height') },
      // Still uploading (pending-images.ts): shown faded, and never in the output (cleanOutput drops data-pending).
      pending: { default: false, parseHTML: (element) => isImagePending(imageIn(element)?.getAttribute('src')) },
    };
  },
  parseHTML() {
    // A pending image's src is an object URL of this page: allowed only while its upload runs.
    const usable = (element: HTMLElement) => {
      const src = imageIn(element)?.getAttribute('src');
      return src && (isAllowedMediaSrc(src) || isImagePending(src)) ? null : false;
    };
    return [
      { tag: 'figure', getAttrs: (node) => usable(node as HTMLElement) },
      { tag: 'img[src]', getAttrs: (node) => usable(node as HTMLElement) },
    ];
  },
  renderHTML({ node }) {
    const { src, alt, origWidth, origHeight, pending } = node.attrs;
    const size: Record<string, string> = {};
    if (origWidth != null) size['data-orig-width'] = String(origWidth);
    if (origHeight != null) size['data-orig-height'] = String(origHeight);
    const img: Record<string, string> = { src, ...size };
    if (alt) img.alt = alt;
    return ['figure', pending ? { ...size, 'data-pending': 'true' } : size, ['img', img]];
  },
  // Markdown image syntax typed into rich text would skip the source checks above.
  addInputRules() {
    return [];
  },
}).configure({ inline: false, allowBase64: false });
