// Images pasted or dropped into the rich-text editor show at once from memory (an object URL)
// while their file uploads; they are "pending" until the upload settles them: the src becomes the
// uploaded address, or the image goes. Kept outside any one editor: the editor that showed an
// image may be gone (the person switched post type) and a new one may show it.
import { Extension, type Editor } from '@tiptap/core';

/** What a placeholder becomes: the uploaded image, or nothing (null) when its upload failed. */
export interface SettledImage {
  src: string;
  width?: number | null;
  height?: number | null;
}

type Listener = (from: string, to: SettledImage | null) => void;

const pending = new Set<string>();
const listeners = new Set<Listener>();

export const isImagePending = (src: string | null | undefined) => Boolean(src) && pending.has(src!);

/** Settles a placeholder in every editor showing it. */
export function settlePendingImage(src: string, to: SettledImage | null): void {
  if (!pending.delete(src)) return;
  for (const listener of [...listeners]) listener(src, to);
}

/** Inserts a pending image at `pos` (a drop) or at the selection (a paste), then a paragraph to go on in. */
export function insertPendingImage(editor: Editor, src: string, pos?: number): boolean {
  pending.add(src);
  const content = [{ type: 'image', attrs: { src, pending: true } }, { type: 'paragraph' }];
  return pos === undefined ? editor.chain().insertContent(content).run() : editor.chain().insertContentAt(pos, content).run();
}

function settleIn(editor: Editor, from: string, to: SettledImage | null) {
  if (editor.isDestroyed) return;
  const { tr, doc } = editor.state;
  const found: { pos: number; attrs: Record<string, unknown>; size: number }[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'image' && node.attrs.src === from) found.push({ pos, attrs: node.attrs, size: node.nodeSize });
  });
  // From the end, so that removing one does not move the others.
  for (const { pos, attrs, size } of found.reverse()) {
    if (!to) {
      tr.delete(pos, pos + size);
      continue;
    }
    tr.setNodeMarkup(pos, undefined, {
      ...attrs,
      src: to.src,
      pending: false,
      origWidth: to.width != null ? String(to.width) : attrs.origWidth,
      origHeight: to.height != null ? String(to.height) : attrs.origHeight,
    });
  }
  // Spec 1 §4: undo ignores asynchronous image updates.
  if (tr.docChanged) editor.view.dispatch(tr.setMeta('addToHistory', false));
}

const unsubscribe = new WeakMap<Editor, () => void>();

/** Lets an editor hear its placeholders settle. */
export const PendingImages = Extension.create({
  name: 'pendingImages',
  // Before create, which Tiptap emits a tick later: an upload may settle in between.
  onBeforeCreate() {
    const editor = this.editor;
    const listener: Listener = (from, to) => settleIn(editor, from, to);
    listeners.add(listener);
    unsubscribe.set(editor, () => listeners.delete(listener));
  },
  onDestroy() {
    unsubscribe.get(this.editor)?.();
  },
});
